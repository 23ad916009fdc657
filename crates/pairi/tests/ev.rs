//! Expected-value cases: `data/ev/cases.jsonl`, produced by the reference model
//! (`docs/ev-model.md`). Each line is a request of `pairi ev --batch`; every discard
//! list, shanten, useful-tile list and search size must agree exactly, every array
//! element within 1e-9 × max(1, |expected|).

use pairi::api::ev::EvRequest;
use pairi::ev::{self, Evaluation};
use pairi::notation::{format_pai, Format};
use serde_json::Value;

/// The reference cases, or `None` without the shared data.
fn cases() -> Option<Vec<Value>> {
    let text = crate::shared::read("data/ev/cases.jsonl")?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

fn close(got: f64, want: f64) -> bool {
    (got - want).abs() <= 1e-9 * want.abs().max(1.0)
}

/// The first disagreement between an evaluation and the expected answer.
fn compare(ev: &Evaluation, want: &Value) -> Result<(), String> {
    let shanten = want["shanten"].as_i64().unwrap();
    if i64::from(ev.shanten) != shanten {
        return Err(format!("shanten {} != {shanten}", ev.shanten));
    }
    let discards = want["discards"].as_array().unwrap();
    let tiles: Vec<String> = ev
        .discards
        .iter()
        .map(|d| d.tile.map_or("-".into(), |p| format_pai(p, Format::Mpsz)))
        .collect();
    let wanted: Vec<String> = discards
        .iter()
        .map(|d| d["tile"].as_str().unwrap_or("-").to_string())
        .collect();
    if tiles != wanted {
        return Err(format!("discards {tiles:?} != {wanted:?}"));
    }
    let searched = want["searched"].as_u64().unwrap();
    if ev.searched as u64 != searched {
        return Err(format!("searched {} != {searched}", ev.searched));
    }
    for (d, w) in ev.discards.iter().zip(discards) {
        let tile = &w["tile"];
        if i64::from(d.shanten) != w["shanten"].as_i64().unwrap() {
            return Err(format!("{tile}: shanten {} != {}", d.shanten, w["shanten"]));
        }
        let useful: Vec<(String, u64)> = d
            .useful
            .iter()
            .map(|&(t, n)| (t.to_string(), u64::from(n)))
            .collect();
        let want_useful: Vec<(String, u64)> = w["useful"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_u64().unwrap()))
            .collect();
        if useful != want_useful {
            return Err(format!("{tile}: useful {useful:?} != {want_useful:?}"));
        }
        for (name, got) in [("tenpai", &d.tenpai), ("win", &d.win), ("score", &d.score)] {
            let want: Vec<f64> = w[name]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            if got.len() != want.len() {
                return Err(format!(
                    "{tile}: {name} has {} turns, not {}",
                    got.len(),
                    want.len()
                ));
            }
            if let Some(t) = (0..got.len()).find(|&t| !close(got[t], want[t])) {
                return Err(format!("{tile}: {name}[{t}] = {} != {}", got[t], want[t]));
            }
        }
    }
    Ok(())
}

#[test]
#[allow(clippy::print_stderr)]
fn ev_ok_reference_cases() {
    let Some(all) = cases() else {
        return;
    };
    let failures: Vec<String> = std::thread::scope(|s| {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let chunk = all.len().div_ceil(threads).max(1);
        let workers: Vec<_> = all
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .filter_map(|c| {
                            let req: EvRequest = serde_json::from_value(c.clone()).unwrap();
                            let (setup, options) = req.setup().unwrap();
                            let got = ev::evaluate(&setup, &options)
                                .map_err(|e| e.to_string())
                                .and_then(|ev| compare(&ev, &c["expected"]));
                            got.err().map(|e| format!("{} {}: {e}", c["id"], c["hand"]))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    eprintln!(
        "ev: {}/{} cases agree",
        all.len() - failures.len(),
        all.len()
    );
    for f in failures.iter().take(400) {
        eprintln!("  {f}");
    }
    assert!(failures.is_empty(), "{} ev cases disagree", failures.len());
}

/// The pairi model's exact values against its Monte Carlo player (20 000 seeded games
/// per discard): every tenpai and win probability and expected score within 4.5
/// standard errors, every probability in [0, 1].
#[test]
#[allow(clippy::print_stderr)]
fn ev_ok_pairi_agrees_with_simulation() {
    use pairi::ev::{Maximize, Model};
    let hands = [
        // (request, maximize)
        (
            r#"{"hand": "222567m345p33667s", "dora": ["1z"], "turn": 3}"#,
            Maximize::Score,
        ),
        (
            r#"{"hand": "23345m77p678s", "melds": [{"kind": "chi", "tiles": "345s"}]}"#,
            Maximize::Win,
        ),
        (
            r#"{"hand": "123m34588p2345s77z", "dora": ["3z"], "t_max": 12}"#,
            Maximize::Score,
        ),
        (
            r#"{"hand": "6778888m05p888s33z", "turn": 5, "hand_changes": false}"#,
            Maximize::Tenpai,
        ),
        (
            r#"{"hand": "1223379m99p1345s3z", "shanten_back": false, "t_max": 10}"#,
            Maximize::Win,
        ),
        (
            r#"{"hand": "44m34566888s", "melds": [{"kind": "pon", "tiles": "777z"}], "seat_wind": "S"}"#,
            Maximize::Score,
        ),
    ];
    let mut worst: f64 = 0.0;
    let mut checked = 0;
    for (i, (json, metric)) in hands.iter().enumerate() {
        let req: EvRequest = serde_json::from_str(json).unwrap();
        let (setup, mut options) = req.setup().unwrap();
        options.model = Model::Pairi;
        options.maximize = *metric;
        let (ev, sims) = ev::simulate(&setup, &options, 20_000, 1000 + i as u64).unwrap();
        let turn = usize::from(setup.turn);
        assert_eq!(ev.discards.len(), sims.len());
        for (d, s) in ev.discards.iter().zip(&sims) {
            assert_eq!((d.tile, d.riichi), (s.tile, s.riichi), "{json}");
            for (name, exact, est) in [
                ("tenpai", d.tenpai[turn], s.tenpai),
                ("win", d.win[turn], s.win),
                ("score", d.score[turn], s.score),
            ] {
                if name != "score" {
                    assert!(
                        (0.0..=1.0).contains(&exact),
                        "{json} {:?}: {name} {exact}",
                        d.tile
                    );
                }
                let z = est.z(exact);
                worst = worst.max(z.abs());
                checked += 1;
                assert!(
                    z.abs() < 4.5,
                    "{json} {:?}: {name} exact {exact}, simulated {} ± {}",
                    d.tile,
                    est.mean,
                    est.std_error
                );
            }
        }
    }
    eprintln!("ev pairi: {checked} values agree with the simulation, largest |z| {worst:.2}");
}

/// Three players: no 2m–8m among the useful tiles or draws, shanten counted on the
/// three-player wall (a fourth 1m starts no run), and the pairi model's values still
/// agree with its simulation.
#[test]
fn ev_ok_three_players() {
    use pairi::ev::{Maximize, Model};
    let req: EvRequest =
        serde_json::from_str(r#"{"hand": "11119m123p456s78s1z", "players": 3, "t_max": 12}"#)
            .unwrap();
    let (setup, options) = req.setup().unwrap();
    let ev = ev::evaluate(&setup, &options).unwrap();
    let sanma = pairi::wall::Wall::three_player([0, 1, 1]);
    let want = pairi::shanten::riichi_on(setup.hand.concealed(), 0, &sanma)
        .unwrap()
        .min();
    assert_eq!(ev.shanten, want);
    for d in &ev.discards {
        assert!(
            d.useful.iter().all(|(t, _)| sanma.contains(*t)),
            "{:?}",
            d.useful
        );
    }
    let mut pairi_options = options;
    pairi_options.model = Model::Pairi;
    pairi_options.maximize = Maximize::Win;
    let (ev, sims) = ev::simulate(&setup, &pairi_options, 20_000, 7).unwrap();
    for (d, s) in ev.discards.iter().zip(&sims) {
        assert!(
            s.win.z(d.win[1]).abs() < 4.5,
            "{:?}: {} vs {}",
            d.tile,
            d.win[1],
            s.win.mean
        );
        assert!(s.tenpai.z(d.tenpai[1]).abs() < 4.5, "{:?}", d.tile);
    }
    let bad: EvRequest =
        serde_json::from_str(r#"{"hand": "23m123p456s789s11z3z", "players": 3}"#).unwrap();
    assert!(bad
        .setup()
        .is_ok_and(|(s, o)| ev::evaluate(&s, &o).is_err()));
}

/// The pairi model's row of a request: the discard of 9p, or the one row of a
/// 13 − 3k hand.
fn pairi_row(json: &str) -> ev::DiscardValue {
    let req: EvRequest = serde_json::from_str(json).unwrap();
    let (setup, mut options) = req.setup().unwrap();
    options.model = ev::Model::Pairi;
    let ev = ev::evaluate(&setup, &options).unwrap();
    ev.discards
        .into_iter()
        .find(|d| d.tile.is_none_or(|t| format_pai(t, Format::Mpsz) == "9p"))
        .expect("a row for 9p")
}

/// The pairi model scores a riichi declared on the first discard as a double riichi
/// and a win on the next draw with ippatsu (one draw only). 234m 456p 678s 22s 45m,
/// discarding 9p, waits on 3m-6m (7 copies of 121 tiles); a non-dealer's tsumo with
/// pinfu and tanyao: with double riichi and ippatsu 6 han (haneman, 12 000), with riichi
/// and ippatsu 5 han (mangan, 8 000), with riichi alone 4 han 20 fu (5 200).
#[test]
fn ev_ok_pairi_double_riichi_and_ippatsu() {
    let value = |turn: u8, t_max: u8| {
        let json = format!(
            r#"{{"hand": "23445m4569p67822s", "dora": ["1z"], "seat_wind": "S", "turn": {turn}, "t_max": {t_max}, "ura": false}}"#
        );
        let d = pairi_row(&json);
        assert!(d.riichi);
        d.score[usize::from(turn)]
    };
    let p = 7.0 / 121.0;
    let close = |got: f64, want: f64| assert!((got - want).abs() < 1e-9 * want, "{got} vs {want}");
    close(value(1, 2), p * 12_000.0);
    close(value(2, 3), p * 8_000.0);
    close(value(2, 4), p * 8_000.0 + (1.0 - p) * p * 5_200.0);
    // The explanation reads the same: a draw that does not win leaves the riichi without
    // ippatsu, so `later` is that hand's value and the first draws add up to the value;
    // each wait wins at once with ippatsu, or a draw later without.
    let req: EvRequest = serde_json::from_str(
        r#"{"hand": "23445m4569p67822s", "dora": ["1z"], "seat_wind": "S", "turn": 2, "t_max": 4, "ura": false}"#,
    )
    .unwrap();
    let (setup, mut options) = req.setup().unwrap();
    options.model = ev::Model::Pairi;
    let never = pairi::util::Stop::never();
    let (_, why) = ev::explain(
        &setup,
        &options,
        ev::Maximize::Score,
        4,
        &mut |_| {},
        &never,
    )
    .unwrap();
    let w = why
        .iter()
        .find(|w| w.tile.map(|t| format_pai(t, Format::Mpsz)) == Some("9p".into()))
        .unwrap();
    close(w.later, p * 5_200.0);
    let adds: f64 = w.first_draws.iter().map(|d| d.contribution).sum();
    close(w.later + adds, w.value);
    let points: Vec<(f64, f64)> = w.paths.iter().map(|q| (q.points, q.probability)).collect();
    assert_eq!(points.len(), 4, "{points:?}");
    let (six, three) = (4.0 / 121.0, 3.0 / 121.0);
    let want = [
        (8_000.0, six),
        (5_200.0, (1.0 - p) * six),
        (8_000.0, three),
        (5_200.0, (1.0 - p) * three),
    ];
    for (got, want) in points.iter().zip(want) {
        close(got.0, want.0);
        close(got.1, want.1);
    }
}

/// The pairi model scores South's 18th draw, the last tile of a four-player wall, as
/// haitei: an open hand without a yaku (45m 678p 99p 234s and a chi of 123s, waiting on
/// 3m-6m, 8 copies of 122 tiles) wins there and only there, for 1 han 30 fu (1 100);
/// the riichi of 23445m4569p67822s gets a han more (riichi, ippatsu, haitei, tsumo,
/// pinfu, tanyao: haneman, 12 000). Another seat's 18th draw is not the last tile.
#[test]
fn ev_ok_pairi_haitei() {
    let value = |hand: &str, melds: &str, seat: &str, turn: u8| {
        let json = format!(
            r#"{{"hand": "{hand}", "melds": [{melds}], "dora": ["1z"], "seat_wind": "{seat}", "turn": {turn}, "t_max": 18, "ura": false}}"#
        );
        let d = pairi_row(&json);
        (d.win[usize::from(turn)], d.score[usize::from(turn)])
    };
    let close =
        |got: f64, want: f64| assert!((got - want).abs() < 1e-9 * want.max(1.0), "{got} vs {want}");
    let chi = r#"{"kind": "chi", "tiles": "123s"}"#;
    let (win, score) = value("45m678p99p234s", chi, "S", 17);
    close(win, 8.0 / 122.0);
    close(score, 8.0 / 122.0 * 1_100.0);
    // A draw earlier it still wins only on the last tile, now and then on other waits.
    let (win, _) = value("45m678p99p234s", chi, "S", 16);
    assert!((8.0 / 122.0..2.0 * 8.0 / 122.0).contains(&win), "{win}");
    assert_eq!(value("45m678p99p234s", chi, "W", 17), (0.0, 0.0));
    let (_, score) = value("23445m4569p67822s", "", "S", 17);
    close(score, 7.0 / 121.0 * 12_000.0);
}

/// The pairi model values a discard into closed tenpai both ways: with riichi (double
/// riichi and ippatsu on the first discard, 12 000) and dama (menzen tsumo, pinfu,
/// tanyao: 3 han 20 fu, 700 / 1 300, 2 700), the policy's arrays the better of the two
/// turn by turn. One draw of the 3m-6m wait, 7 copies of 121 tiles.
#[test]
fn ev_ok_pairi_riichi_against_dama() {
    let d = pairi_row(
        r#"{"hand": "23445m4569p67822s", "dora": ["1z"], "seat_wind": "S", "turn": 1, "t_max": 2, "ura": false}"#,
    );
    let declare = d.declare.as_ref().expect("a discard into closed tenpai");
    let p = 7.0 / 121.0;
    let close = |got: f64, want: f64| assert!((got - want).abs() < 1e-9 * want, "{got} vs {want}");
    close(declare.riichi.score[1], p * 12_000.0);
    close(declare.dama.score[1], p * 2_700.0);
    close(declare.riichi.win[1], p);
    close(declare.dama.win[1], p);
    for t in 1..=2 {
        let best = declare.riichi.score[t].max(declare.dama.score[t]);
        assert_eq!(d.score[t], best, "turn {t}");
    }
    assert!(d.riichi);
}

/// `calls` answers a waiting hand offered a tile: passing first (the hand's own row),
/// then each call with its discards; riichi against dama is a field of each closed
/// tenpai discard under the pairi model; `calls` on a hand with a discard to make is
/// refused.
#[test]
fn ev_ok_calls_and_declare_in_json() {
    use pairi::api::Request;
    let req: EvRequest = serde_json::from_str(
        r#"{"hand": "23m55p456789s111z", "turn": 4, "model": "pairi", "calls": {"tile": "1z", "from": "opposite"}}"#,
    )
    .unwrap();
    let res = serde_json::to_value(req.answer().unwrap()).unwrap();
    let calls = res["calls"].as_array().unwrap();
    let names: Vec<&str> = calls.iter().map(|c| c["call"].as_str().unwrap()).collect();
    assert_eq!(names, ["pass", "pon", "kan"]);
    assert_eq!(calls[0]["score"], res["discards"][0]["score"][4]);
    assert_eq!(calls[2]["turn"], 3);
    assert!(calls[1]["discards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["tile"] != "1z"));
    let req: EvRequest =
        serde_json::from_str(r#"{"hand": "23445m4569p67822s", "model": "pairi", "t_max": 4}"#)
            .unwrap();
    let res = serde_json::to_value(req.answer().unwrap()).unwrap();
    let nine = res["discards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["tile"] == "9p")
        .unwrap();
    assert!(nine["declare"]["riichi"]["score"][1].as_f64().unwrap() > 0.0);
    assert!(nine["declare"]["dama"]["win"][1].as_f64().unwrap() > 0.0);
    let compat: EvRequest =
        serde_json::from_str(r#"{"hand": "23445m4569p67822s", "t_max": 4}"#).unwrap();
    let res = serde_json::to_value(compat.answer().unwrap()).unwrap();
    assert!(res["discards"][0].get("declare").is_none());
    assert!(res.get("calls").is_none());
    let bad: EvRequest =
        serde_json::from_str(r#"{"hand": "23445m4569p67822s", "calls": {"tile": "1z"}}"#).unwrap();
    assert_eq!(
        bad.answer().unwrap_err().kind,
        pairi::ErrorKind::InvalidRequest
    );
}
