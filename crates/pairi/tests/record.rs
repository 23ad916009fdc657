//! Every record of `shared/data/logs`: read, replayed, every win scored again and
//! every score change reproduced, converted back and forth, reviewed; and the records
//! written by hand for one table rule each (`tests/data/records`).

use pairi::record::{self, check, Event, Game, RecordError};
use std::path::PathBuf;

/// `shared/data/logs/`, or `None` (the test is skipped) without the shared data.
fn root() -> Option<String> {
    crate::shared::path("data/logs").map(|p| format!("{}/", p.display()))
}

fn logs(root: &str, dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(format!("{root}{dir}"))
        .expect("shared logs")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files
}

fn all_logs(root: &str) -> Vec<PathBuf> {
    ["tenhou6", "mjai", "mjlog"]
        .iter()
        .flat_map(|d| logs(root, d))
        .collect()
}

fn text(path: &PathBuf) -> String {
    std::fs::read_to_string(path).expect("log")
}

fn read(path: &PathBuf) -> Game {
    // The shared excerpts stop mid-game: read as partial games.
    record::read_with(&text(path), None, true).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn name(path: &std::path::Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// Per file: players, kyoku, wins, exhaustive or abortive draws.
const COUNTS: &[(&str, u8, usize, usize, usize)] = &[
    ("chankan.json", 4, 1, 1, 0),
    ("complex_nakis_0.json", 4, 1, 1, 0),
    ("complex_nakis_1.json", 4, 1, 1, 0),
    ("confusing_nakis_0.json", 4, 1, 0, 1),
    ("double_kakan_then_chankan.json", 4, 1, 1, 0),
    ("double_ron.json", 4, 1, 2, 0),
    ("four_reach.json", 4, 1, 0, 1),
    ("kyushukyuhai.json", 4, 1, 0, 1),
    ("majiang_full_hanchan.json", 4, 10, 9, 1),
    ("ranked_game.json", 4, 3, 3, 0),
    ("rinshan.json", 4, 1, 1, 0),
    ("ryukyoku.json", 4, 1, 0, 1),
    ("suukantsu_1.json", 4, 2, 3, 0),
    // The two excerpts end with the next kyoku's deal: one kyoku more than played.
    ("mjsoul_3p_double_ron_excerpt.jsonl", 3, 2, 2, 0),
    ("selfplay_hanchan_126_204_0.jsonl", 4, 12, 9, 3),
    ("tenhou_4p_ranked_excerpt.jsonl", 4, 2, 1, 0),
    ("2010091009gm-00a9-0000-83af2648.mjlog", 4, 8, 7, 2),
    ("pao-tsumo.mjlog", 4, 5, 5, 0),
];

#[test]
fn every_record_reads_with_its_kyoku_wins_and_draws() {
    let Some(root) = root() else {
        return;
    };
    let files = all_logs(&root);
    assert_eq!(files.len(), COUNTS.len());
    for f in files {
        let g = read(&f);
        let events = || g.kyokus.iter().flat_map(|k| &k.events);
        let wins = events().filter(|e| matches!(e, Event::Win(_))).count();
        let draws = events()
            .filter(|e| matches!(e, Event::Ryukyoku { .. }))
            .count();
        let got = (g.players.count(), g.kyokus.len(), wins, draws);
        let want = COUNTS
            .iter()
            .find(|c| c.0 == name(&f))
            .map(|c| (c.1, c.2, c.3, c.4));
        assert_eq!(Some(got), want, "{}", f.display());
    }
}

#[test]
fn every_win_is_scored_again_identically_and_every_score_change_reproduced() {
    let Some(root) = root() else {
        return;
    };
    let (mut wins, mut kyokus) = (0, 0);
    let mut mismatches = Vec::new();
    for f in all_logs(&root) {
        let g = read(&f);
        let report = check::check(&g, &check::rules_of(&g))
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(report.wins, report.wins_agreeing, "{}", f.display());
        assert_eq!(report.kyokus, report.kyokus_agreeing, "{}", f.display());
        wins += report.wins;
        kyokus += report.kyokus;
        mismatches.extend(report.mismatches.into_iter().map(|m| (name(&f), m)));
    }
    assert_eq!(mismatches, []);
    // 46 wins (double rons, a pao, a chankan, rinshan, yakuman, three players) and 54
    // kyoku, three of them unfinished excerpts.
    assert_eq!((wins, kyokus), (46, 54));
}

/// The Tenhou XML logs keep their shuffle seed: every kyoku's deal, draws and
/// indicators are the walls the seed gives, and the check says so; a changed draw is a
/// `wall` difference.
#[test]
fn tenhou_logs_walls_are_reproduced_from_their_seed() {
    use pairi::api::record::CheckRequest;
    use pairi::api::Request;
    use pairi::record::walls::{self, Walls};
    let Some(root) = root() else {
        return;
    };
    let mut seeded = 0;
    for f in logs(&root, "mjlog") {
        let g = read(&f);
        if g.wall_seed.is_none() {
            continue;
        }
        seeded += 1;
        assert_eq!(
            walls::reproduce(&g),
            Walls::Reproduced {
                kyokus: g.kyokus.len()
            },
            "{}",
            f.display()
        );
        let res = CheckRequest {
            record: text(&f),
            partial: true,
            ..Default::default()
        }
        .answer()
        .expect("checked");
        assert_eq!(res.walls, Some("reproduced"), "{}", f.display());
        // One draw changed to another tile.
        let mut changed = g.clone();
        let (k, i, pai) = changed
            .kyokus
            .iter()
            .enumerate()
            .find_map(|(k, ky)| {
                ky.events.iter().enumerate().find_map(|(i, e)| match e {
                    Event::Draw { pai, .. } => Some((k, i, *pai)),
                    _ => None,
                })
            })
            .expect("a draw");
        let next = u8::try_from((pai.tile().index() + 1) % 34).expect("an index");
        let other = pairi::tile::Pai::new(pairi::tile::Tile::new(next).expect("a tile"), false)
            .expect("a tile");
        if let Event::Draw { pai, .. } = &mut changed.kyokus[k].events[i] {
            *pai = other;
        }
        match walls::reproduce(&changed) {
            Walls::Differ(d) => assert_eq!((d.index, d.event), (k, i), "{}", f.display()),
            w => panic!("{}: {w:?}", f.display()),
        }
    }
    assert!(seeded >= 2, "{seeded} Tenhou XML logs with a seed");
}

/// JSON text with every object's keys sorted (whether or not serde_json keeps insertion
/// order in this build).
fn normalise(v: &serde_json::Value) -> String {
    fn sorted(v: &serde_json::Value) -> serde_json::Value {
        match v {
            serde_json::Value::Object(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                let mut out = serde_json::Map::new();
                for k in keys {
                    out.insert(k.clone(), sorted(&m[k]));
                }
                serde_json::Value::Object(out)
            }
            serde_json::Value::Array(a) => serde_json::Value::Array(a.iter().map(sorted).collect()),
            v => v.clone(),
        }
    }
    sorted(v).to_string()
}

#[test]
fn ranked_game_converts_to_the_mjai_excerpt_event_for_event() {
    let Some(root) = root() else {
        return;
    };
    let game =
        record::tenhou6::read(&text(&format!("{root}tenhou6/ranked_game.json").into())).unwrap();
    let mut ours = record::mjai::write(&game);
    let theirs: Vec<serde_json::Value> =
        text(&format!("{root}mjai/tenhou_4p_ranked_excerpt.jsonl").into())
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
    // The excerpt names the players A..D where the record has Aさん..Dさん, and does not
    // carry the tenhou.net/6 extras: only those differ in `start_game`.
    let start = ours[0].as_object_mut().unwrap();
    start.remove("tenhou6");
    start.insert("names".into(), theirs[0]["names"].clone());
    assert!(ours.len() > theirs.len());
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(normalise(a), normalise(b), "event {i}");
    }
}

#[test]
fn tenhou6_to_mjai_and_back_is_the_identity() {
    let Some(root) = root() else {
        return;
    };
    for f in logs(&root, "tenhou6") {
        let original: serde_json::Value = serde_json::from_str(&text(&f)).unwrap();
        let game = read(&f);
        let lines: Vec<String> = record::mjai::write(&game)
            .iter()
            .map(|v| v.to_string())
            .collect();
        let back = record::mjai::read(&lines.join("\n")).unwrap();
        assert_eq!(back, game, "{}: the model through mjai", f.display());
        let written = record::tenhou6::write(&back);
        assert_eq!(normalise(&written), normalise(&original), "{}", f.display());
    }
}

#[test]
fn other_records_convert_to_tenhou6_and_back_event_for_event() {
    let Some(root) = root() else {
        return;
    };
    for f in logs(&root, "mjai").into_iter().chain(logs(&root, "mjlog")) {
        let game = read(&f);
        let t6 = record::tenhou6::write(&game).to_string();
        let back = record::tenhou6::read_with(&t6, true)
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(back.kyokus.len(), game.kyokus.len(), "{}", f.display());
        for (a, b) in back.kyokus.iter().zip(&game.kyokus) {
            // tenhou.net/6 keeps no riichi-acceptance order or win values beyond its
            // text: compare the play.
            let play = |k: &record::Kyoku| -> Vec<Event> {
                k.events
                    .iter()
                    .filter(|e| !matches!(e, Event::Win(_) | Event::Ryukyoku { .. }))
                    .cloned()
                    .collect()
            };
            assert_eq!(play(a), play(b), "{} {}", f.display(), a.label());
        }
        let report = check::check(&back, &check::rules_of(&back)).unwrap();
        assert_eq!(
            report.wins,
            report.wins_agreeing,
            "{} via tenhou6",
            f.display()
        );
    }
}

#[test]
fn an_inconsistent_record_is_an_error_naming_the_kyoku_and_event() {
    let Some(root) = root() else {
        return;
    };
    let original = text(&format!("{root}tenhou6/double_ron.json").into());
    // Seat 0's first discard 41 (East) becomes 11 (1m), which it does not hold (its
    // hand is 14 51 16 17 19 19 21 52 28 31 38 39 41 and it drew 21).
    let broken = original.replacen("[41,31,60,28", "[11,31,60,28", 1);
    assert_ne!(broken, original);
    let e = record::tenhou6::read(&broken).unwrap_err();
    assert_eq!(e.kind(), pairi::ErrorKind::InvalidHand);
    let RecordError::Inconsistent {
        ref kyoku,
        ref source,
        ..
    } = e
    else {
        panic!("{e}")
    };
    assert_eq!(kyoku, "S4");
    let held = record::Inconsistency::NotHeld {
        seat: 0,
        pai: record::pai_of_mjai("1m").unwrap(),
    };
    assert_eq!(*source, held);
    assert!(e.to_string().ends_with("seat 0 does not hold 1m"), "{e}");
    // The same break in mjai form is found by the table, which refuses the discard.
    let game = record::tenhou6::read(&original).unwrap();
    let mut lines: Vec<String> = record::mjai::write(&game)
        .iter()
        .map(|v| v.to_string())
        .collect();
    let i = lines
        .iter()
        .position(|l| l.contains(r#""type":"dahai""#) && l.contains(r#""pai":"E""#))
        .unwrap();
    lines[i] = lines[i].replace(r#""pai":"E""#, r#""pai":"1m""#);
    let g = record::mjai::read(&lines.join("\n")).unwrap();
    let e = check::check(&g, &check::rules_of(&g)).unwrap_err();
    assert_eq!(e.kind(), pairi::error::ErrorKind::InvalidHand);
    let RecordError::OnTable {
        kyoku,
        index,
        source,
    } = e
    else {
        panic!("{e}")
    };
    // The dealer is seat 3: draw, discard, then seat 0's draw and discard (event 3).
    assert_eq!((kyoku.as_str(), index), ("S4", 3), "{source}");
    let record::on_table::Mismatch::Event {
        source: record::on_table::EventMismatch::Refused { error, .. },
        ..
    } = *source
    else {
        panic!("{source}")
    };
    assert_eq!(
        error,
        pairi::table::TableError::Illegal {
            seat: 0,
            action: pairi::table::Action::Discard {
                pai: record::pai_of_mjai("1m").unwrap(),
                tsumogiri: false
            }
        }
    );
}

#[test]
fn bad_records_are_errors_not_panics() {
    for bad in [
        "",
        "{}",
        "[]",
        r#"{"log": [[1, 2, 3]]}"#,
        r#"{"log": [[[0,0,0],[25000],[99],[],[],[],[],[],[],[],[],[],[],[],[],[],["和了"]]]}"#,
        r#"{"type":"start_kyoku"}"#,
        r#"{"type":"tsumo","actor":0,"pai":"1m"}"#,
        "<mjloggm><INIT seed=\"x\"/></mjloggm>",
        "not a record at all",
    ] {
        assert!(record::read(bad, None).is_err(), "{bad:?}");
    }
}

#[test]
fn a_kong_code_with_its_letter_last_is_an_error() {
    let Some(root) = root() else {
        return;
    };
    let text = text(&format!("{root}tenhou6/chankan.json").into());
    let broken = text.replace("3636k3636", "36363636k");
    assert_ne!(broken, text);
    assert!(record::tenhou6::read(&broken).is_err());
}

#[test]
fn a_table_refuses_seats_it_does_not_have() {
    let Some(root) = root() else {
        return;
    };
    let mut game = read(&format!("{root}tenhou6/double_ron.json").into());
    // A pon by seat 1 of a tile from seat 7, after the first discard.
    let k = &mut game.kyokus[0];
    let at = k
        .events
        .iter()
        .position(|e| matches!(e, Event::Discard { .. }))
        .unwrap()
        + 1;
    let pai = match k.events[at - 1] {
        Event::Discard { pai, .. } => pai,
        _ => unreachable!(),
    };
    k.events.insert(
        at,
        Event::Call {
            kind: record::CallKind::Pon,
            seat: 1,
            from: 7,
            pai,
            consumed: [pai, pai].into_iter().collect(),
        },
    );
    let rules = record::on_table::rules_of(&game, false);
    let e = record::on_table(&game, rules, false, |_| {}).unwrap_err();
    assert_eq!(e.kind(), pairi::error::ErrorKind::InvalidHand);
    assert!(
        matches!(e, record::RecordError::OnTable { index, .. } if index == at),
        "{e}"
    );
    assert!(
        e.to_string().starts_with(&format!("kyoku S4, event {at}:")),
        "{e}"
    );
    let r = record::review::review(&game, &check::rules_of(&game), &Default::default());
    assert_eq!(r.unwrap_err().kind(), pairi::error::ErrorKind::InvalidHand);
    // The table answers for a seat it does not have, and refuses it an action.
    let mut table = pairi::table::Table::new(
        pairi::table::TablePreset::Tenhou.rules(),
        pairi::table::WallSource::Seed(1),
    )
    .unwrap();
    assert!(table.legal(9).is_empty());
    assert!(table.hand(9).is_none() && table.drawn(9).is_none());
    assert!(table.riichi(9).is_none() && table.furiten_tile(9).is_none());
    assert_eq!(table.kita_of(9), 0);
    let e = table.step(7, pairi::table::Action::Pass).unwrap_err();
    assert_eq!(e, pairi::table::TableError::NoSeat(7));
}

#[test]
fn every_record_is_reviewed() {
    let Some(root) = root() else {
        return;
    };
    let rules_of = check::rules_of;
    let mut discards = 0;
    for f in all_logs(&root) {
        let g = read(&f);
        let r = record::review::review(&g, &rules_of(&g), &Default::default()).unwrap();
        for p in &r.players {
            let wins: usize = g
                .kyokus
                .iter()
                .filter(|k| {
                    k.events
                        .iter()
                        .any(|e| matches!(e, Event::Win(w) if w.seat == p.seat))
                })
                .count();
            assert!(p.wins >= wins, "{}", f.display());
            assert!(p.best <= p.discards);
        }
        for d in &r.discards {
            assert!(d.rank >= 1 && d.rank <= d.choices, "{}", f.display());
            assert!(d.best_shanten <= d.shanten);
        }
        discards += r.discards.len();
    }
    assert!(discards > 1000, "{discards}");
}

// ------------------------------------------------------------------------------------
// Hand-written records, one table rule each (`tests/data/records/README.md`).

const HAND_WRITTEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/");

fn hand_written(name: &str) -> Game {
    read(&format!("{HAND_WRITTEN}{name}").into())
}

/// Checks `game` under `rules`: (wins, wins agreeing, every mismatch as `what`).
fn checked(game: &Game, rules: &pairi::riichi::Rules) -> (usize, usize, Vec<check::Difference>) {
    let r = check::check(game, rules).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.kyokus, r.kyokus_agreeing, "{:?}", r.mismatches);
    (
        r.wins,
        r.wins_agreeing,
        r.mismatches.iter().map(|m| m.what).collect(),
    )
}

#[test]
fn hand_written_rinshan_after_open_kong_counts_the_indicators_turned_before() {
    use pairi::riichi::rules::OpenKanDora;
    let g = hand_written("rinshan_after_open_kong.jsonl");
    assert_eq!(checked(&g, &check::rules_of(&g)), (2, 2, vec![]));
    // Where the indicator is turned at once, the record lacks one.
    let at_once = pairi::riichi::Rules {
        open_kan_dora: OpenKanDora::AtOnce,
        ..check::rules_of(&g)
    };
    let r = check::check(&g, &at_once).unwrap();
    assert_eq!(r.wins_agreeing, 0);
    assert!(
        r.mismatches
            .iter()
            .all(|m| m.what == check::Difference::Score && m.pairi.contains("dora indicators")),
        "{:?}",
        r.mismatches
    );
}

#[test]
fn hand_written_chankan_keeps_the_robbers_ippatsu() {
    let g = hand_written("chankan_ippatsu.jsonl");
    assert_eq!(checked(&g, &check::rules_of(&g)), (1, 1, vec![]));
    // At the win the added kong is not complete: the robber is still on its ippatsu.
    struct AtWin(Option<pairi::table::RiichiState>, Option<pairi::table::Win>);
    impl record::on_table::Visit for AtWin {
        fn decision(&mut self, _: record::on_table::Decision<'_>) {}
        fn result(
            &mut self,
            _: usize,
            _: usize,
            before: &pairi::table::Table,
            made: Option<&pairi::table::Event>,
        ) {
            self.0 = before.riichi(2);
            if let Some(pairi::table::Event::Win(w)) = made {
                self.1 = Some(*w);
            }
        }
    }
    let mut at_win = AtWin(None, None);
    let rules = record::on_table::rules_of(&g, false);
    record::on_table::on_table_visit(&g, rules, false, &mut at_win).unwrap();
    assert!(at_win.0.is_some_and(|r| r.ippatsu), "{:?}", at_win.0);
    let w = at_win.1.expect("a win");
    assert_eq!(w.seat, 2);
    assert!(
        w.yaku
            .iter()
            .any(|y| y.yaku == pairi::riichi::Yaku::Ippatsu),
        "{:?}",
        w.yaku
    );
}

#[test]
fn hand_written_pao_ron_the_liable_player_pays_the_honba() {
    use pairi::riichi::rules::PaoHonba;
    let g = hand_written("pao_ron_honba.jsonl");
    assert_eq!(checked(&g, &check::rules_of(&g)), (1, 1, vec![]));
    let discarder_pays = pairi::riichi::Rules {
        pao_honba: PaoHonba::Discarder,
        ..check::rules_of(&g)
    };
    let r = check::check(&g, &discarder_pays).unwrap();
    assert_eq!(r.mismatches.len(), 1, "{:?}", r.mismatches);
    assert_eq!(r.mismatches[0].pairi, "[0, 32300, -16000, -16300]");
}

#[test]
fn hand_written_kita_ends_ippatsu_unless_won_on() {
    let g = hand_written("kita_ippatsu.jsonl");
    assert_eq!(g.players.count(), 3);
    // E1: no 一発 after another seat's kita; E1.1: 一発 on the kita itself; E2: rinshan on
    // one's own kita's replacement without 一発, its North counted among ドラ.
    assert_eq!(checked(&g, &check::rules_of(&g)), (3, 3, vec![]));
}

#[test]
fn hand_written_thirteen_orphans_robs_a_closed_kong_by_rule() {
    use pairi::riichi::rules::RedFives;
    let g = hand_written("kokushi_robs_closed_kong.jsonl");
    let tenhou = check::rules_of(&g);
    let r = check::check(&g, &tenhou).unwrap();
    assert_eq!(r.wins_agreeing, 0);
    assert_eq!(r.mismatches.len(), 1);
    assert!(
        r.mismatches[0].pairi.contains("closed kong"),
        "{:?}",
        r.mismatches
    );
    let mahjong_soul = pairi::riichi::Rules {
        red_fives: RedFives::None,
        ..pairi::riichi::Preset::MahjongSoul.rules()
    };
    assert_eq!(checked(&g, &mahjong_soul), (1, 1, vec![]));
    // Only thirteen orphans may: the same ron by a hand of 東 and a 7-8s wait is refused.
    let text = text(&format!("{HAND_WRITTEN}kokushi_robs_closed_kong.jsonl").into());
    let kokushi = r#"["1m","1m","9m","1p","9p","1s","E","S","W","N","P","F","C"]"#;
    let plain = r#"["5m","5m","4p","5p","6p","7p","8p","9p","7s","8s","E","E","E"]"#;
    assert!(text.contains(kokushi));
    let other = record::read(&text.replace(kokushi, plain), None).unwrap();
    let r = check::check(&other, &mahjong_soul).unwrap();
    assert_eq!(r.wins_agreeing, 0);
    assert!(
        r.mismatches[0]
            .pairi
            .contains("other than thirteen orphans"),
        "{:?}",
        r.mismatches
    );
}

/// One fallback for every client of the table: Tenhou's rules, or Mahjong Soul's when
/// only they play the record, keeping Tenhou's answer or error otherwise.
#[test]
fn under_either_keeps_tenhous_answer_unless_only_mahjong_souls_play() {
    use record::on_table::{under_either, RecordRules};
    let tenhou_error = || record::read("not a record", None).unwrap_err();
    let soul_error = || record::read("{}", None).unwrap_err();
    assert_ne!(tenhou_error().to_string(), soul_error().to_string());
    // (Tenhou's answer, Mahjong Soul's): Ok(n) with n > 0 whole, Ok(0) refused.
    let run = |rules, tenhou: Result<u8, ()>, soul: Result<u8, ()>| {
        let mut asked = Vec::new();
        let got = under_either(
            rules,
            |mahjong_soul| {
                asked.push(mahjong_soul);
                match (mahjong_soul, if mahjong_soul { soul } else { tenhou }) {
                    (_, Ok(n)) => Ok(n),
                    (false, Err(())) => Err(tenhou_error()),
                    (true, Err(())) => Err(soul_error()),
                }
            },
            |&n| n > 0,
        )
        .map_err(|e| e.to_string());
        (got, asked)
    };
    let tenhou_err = Err(tenhou_error().to_string());
    // The rules named: played once under them, whole or not.
    assert_eq!(
        run(RecordRules::Tenhou, Ok(0), Ok(2)),
        (Ok((0, false)), vec![false])
    );
    assert_eq!(
        run(RecordRules::MahjongSoul, Ok(1), Ok(0)),
        (Ok((0, true)), vec![true])
    );
    assert_eq!(
        run(RecordRules::Tenhou, Err(()), Ok(2)),
        (tenhou_err.clone(), vec![false])
    );
    // Auto: Tenhou's when whole, Mahjong Soul's only when whole, else Tenhou's.
    let auto = |t, s| run(RecordRules::Auto, t, s);
    assert_eq!(auto(Ok(1), Ok(2)), (Ok((1, false)), vec![false]));
    assert_eq!(auto(Err(()), Ok(2)), (Ok((2, true)), vec![false, true]));
    assert_eq!(auto(Ok(0), Ok(2)), (Ok((2, true)), vec![false, true]));
    assert_eq!(auto(Ok(0), Err(())), (Ok((0, false)), vec![false, true]));
    assert_eq!(auto(Ok(0), Ok(0)), (Ok((0, false)), vec![false, true]));
    assert_eq!(
        auto(Err(()), Err(())),
        (tenhou_err.clone(), vec![false, true])
    );
    assert_eq!(auto(Err(()), Ok(0)), (tenhou_err, vec![false, true]));
}

/// The record only Mahjong Soul's rules play (a closed kong robbed for thirteen
/// orphans): `auto` takes them in the check, the legal actions, the review and the
/// conversion alike.
#[test]
fn a_record_only_mahjong_souls_rules_play_is_played_under_them_everywhere() {
    use pairi::api::record::{CheckRequest, LegalRequest, RecordRules};
    use pairi::api::Request;
    let text = text(&format!("{HAND_WRITTEN}kokushi_robs_closed_kong.jsonl").into());
    let check = |rules| {
        let r = CheckRequest {
            record: text.clone(),
            rules,
            ..Default::default()
        };
        r.answer().unwrap()
    };
    let auto = check(RecordRules::Auto);
    assert_eq!((auto.rules, auto.wins_agreeing), ("mahjongsoul", 1));
    let tenhou = check(RecordRules::Tenhou);
    assert_eq!((tenhou.rules, tenhou.wins_agreeing), ("tenhou", 0));
    let legal = |rules| {
        let r = LegalRequest {
            record: text.clone(),
            rules,
            ..Default::default()
        };
        r.answer().map(|a| serde_json::to_string(&a).unwrap())
    };
    let auto = legal(RecordRules::Auto).unwrap();
    assert!(auto.contains(r#""rules":"mahjongsoul""#), "{auto}");
    assert_eq!(auto, legal(RecordRules::MahjongSoul).unwrap());
    assert!(legal(RecordRules::Tenhou).is_err());
    // The conversion and the review's decision points too: Tenhou's refusal would be
    // their error.
    let game = record::read(&text, None).unwrap();
    for to in [record::Format::Tenhou6, record::Format::Mjai] {
        let r = record::convert(&game, to);
        assert!(r.is_ok(), "{r:?}");
    }
    let r = record::review::review(&game, &check::rules_of(&game), &Default::default());
    assert!(r.is_ok(), "{r:?}");
}

#[test]
fn hand_written_kiriage_where_the_record_says_and_where_it_cannot() {
    // tenhou.net/6 cannot say: one `rule` line, the win counted as agreeing.
    let g = hand_written("kiriage.json");
    assert_eq!(g.kiriage, None);
    let r = check::check(&g, &check::rules_of(&g)).unwrap();
    assert_eq!((r.wins, r.wins_agreeing, r.kyokus_agreeing), (1, 1, 1));
    assert_eq!(r.mismatches.len(), 1);
    assert!(r.mismatches[0].is_rule(), "{:?}", r.mismatches);
    assert!(
        r.mismatches[0].pairi.starts_with("7700"),
        "{:?}",
        r.mismatches
    );
    // A Tenhou chip room rounds up (its GO bit says so): the win agrees outright.
    let g = hand_written("kiriage_chip_room.mjlog");
    assert_eq!(g.kiriage, Some(true));
    assert_eq!(checked(&g, &check::rules_of(&g)), (1, 1, vec![]));
    // A ranked room does not: the same 8000 is a scoring difference, not a rule one.
    let g = hand_written("kiriage_ranked_room.mjlog");
    assert_eq!(g.kiriage, Some(false));
    let r = check::check(&g, &check::rules_of(&g)).unwrap();
    assert_eq!(r.wins_agreeing, 0);
    let what: Vec<check::Difference> = r.mismatches.iter().map(|m| m.what).collect();
    assert_eq!(what, [check::Difference::Deltas, check::Difference::Points]);
    // A private lobby sets its own rules, which the log does not carry: a `rule` line.
    let text = text(&format!("{HAND_WRITTEN}kiriage_ranked_room.mjlog").into());
    let private = text.replace(r#"lobby="0""#, r#"lobby="7994""#);
    let g = record::read(&private, None).unwrap();
    assert_eq!(g.kiriage, None);
    let r = check::check(&g, &check::rules_of(&g)).unwrap();
    assert_eq!(r.wins_agreeing, 1);
    assert!(r.mismatches.iter().all(check::Mismatch::is_rule));
}

mod hostile {
    use super::*;
    use pairi::{Pai, Tile};
    use proptest::prelude::*;

    fn tile(v: u8) -> Pai {
        Tile::new(v % 34).map_or_else(|| Tile::all().next().unwrap().black(), Tile::black)
    }

    /// Changes one thing of an event: its seat, its other seat, or its tile.
    fn mutate(e: &mut Event, what: u8, v: u8) {
        match (e, what % 3) {
            (Event::Draw { seat, .. } | Event::Discard { seat, .. }, 0) => *seat = v % 6,
            (Event::Draw { pai, .. } | Event::Discard { pai, .. }, _) => *pai = tile(v),
            (Event::Call { from, .. }, 1) => *from = v % 6,
            // One more tile, or the last one changed when a call holds three.
            (Event::Call { consumed, .. }, 2) => {
                if consumed.len() == 3 {
                    consumed.pop();
                }
                consumed.push(tile(v));
            }
            (
                Event::Call { seat, .. } | Event::Riichi { seat } | Event::RiichiAccepted { seat },
                _,
            ) => {
                *seat = v % 6;
            }
            (Event::Win(w), 0) => w.seat = v % 6,
            (Event::Win(w), _) => w.from = v % 6,
            (Event::Dora { indicator }, _) => *indicator = tile(v),
            _ => {}
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Records changed at random event by event: every answer is a result or an
        /// error, never a panic.
        #[test]
        fn changed_records_never_panic(
            file in 0usize..4,
            edits in proptest::collection::vec((0usize..2000, 0u8..5, 0u8..255), 1..6),
        ) {
            let name = ["tenhou6/double_ron.json", "tenhou6/suukantsu_1.json",
                "mjai/mjsoul_3p_double_ron_excerpt.jsonl", "mjlog/pao-tsumo.mjlog"][file];
            let Some(root) = root() else {
                return Ok(());
            };
            let mut game = read(&format!("{root}{name}").into());
            for (at, what, v) in edits {
                let k = at % game.kyokus.len();
                let events = &mut game.kyokus[k].events;
                if events.is_empty() {
                    continue;
                }
                let i = at % events.len();
                match what {
                    3 => { events.remove(i); }
                    4 => { let e = events[i].clone(); events.insert(i, e); }
                    w => mutate(&mut events[i], w, v),
                }
            }
            let rules = check::rules_of(&game);
            let _ = check::check(&game, &rules);
            let _ = record::review::review(&game, &rules, &Default::default());
            let _ = record::tenhou6::write(&game);
            let _ = record::mjai::write(&game);
            let _ = record::mjlog::write(&game);
            let _ = record::convert(&game, record::Format::Mjlog);
        }
    }
}

/// A file of several games (mjai games one after the other, tenhou.net/6 games as JSON
/// Lines or in an array) is checked and converted game by game: the counts are the
/// games' sums, the conversion their conversions one after the other, and an error in
/// a later game names it.
#[test]
fn files_of_several_games_game_by_game() {
    use pairi::api::record::{CheckRequest, ConvertRequest};
    use pairi::api::Request;
    use pairi::record::Format;
    let Some(root) = root() else { return };
    let one = |record: String| {
        CheckRequest {
            record,
            ..Default::default()
        }
        .answer()
        .expect("checked")
    };
    let mjai = text(&PathBuf::from(format!(
        "{root}mjai/selfplay_hanchan_126_204_0.jsonl"
    )));
    let a = text(&PathBuf::from(format!(
        "{root}tenhou6/majiang_full_hanchan.json"
    )));
    let b = text(&PathBuf::from(format!("{root}tenhou6/ranked_game.json")));
    let (ra, rb, rm) = (one(a.clone()), one(b.clone()), one(mjai.clone()));
    let joined = [
        (
            format!("{}\n{}", a.trim(), b.trim()),
            &ra,
            &rb,
            Format::Tenhou6,
        ),
        (
            format!("[{}, {}]", a.trim(), b.trim()),
            &ra,
            &rb,
            Format::Tenhou6,
        ),
        (
            format!("{}\n{}", mjai.trim(), mjai.trim()),
            &rm,
            &rm,
            Format::Mjai,
        ),
    ];
    for (text, x, y, format) in joined {
        assert_eq!(record::games(&text, format).count(), 2);
        let r = one(text.clone());
        assert_eq!(r.format, format);
        assert_eq!(r.games, 2);
        assert_eq!(r.kyokus, x.kyokus + y.kyokus);
        assert_eq!(r.wins_agreeing, x.wins_agreeing + y.wins_agreeing);
        assert!(r.mismatches.is_empty());
        for to in [Format::Mjai, Format::Tenhou6] {
            let convert = |record: String| {
                ConvertRequest {
                    record,
                    format: None,
                    partial: false,
                    to,
                }
                .answer()
                .expect("converted")
                .record
            };
            let parts: String = record::games(&text, format)
                .map(|g| convert(g.to_string()))
                .collect();
            assert_eq!(convert(text.clone()), parts);
        }
        let mjlog = ConvertRequest {
            record: text.clone(),
            format: None,
            partial: false,
            to: Format::Mjlog,
        }
        .answer()
        .expect_err("one game a log");
        assert_eq!(mjlog.kind, pairi::api::ErrorKind::Parse);
    }
    // An error in the second game names it, with the kind of the game's error.
    let cut = format!("{}\n{}", mjai.trim(), &mjai[..mjai.len() / 2]);
    let e = CheckRequest {
        record: cut,
        ..Default::default()
    }
    .answer()
    .expect_err("cut off");
    assert_eq!(e.kind, pairi::api::ErrorKind::Parse);
    assert!(e.message.starts_with("game 2: mjai: "), "{}", e.message);
}

/// `record_legal` and `review` read a file of several games game by game (two mjai
/// games one after the other, a tenhou.net/6 array of two games): each game answers as
/// it does alone, the legal decisions marked with their game, the reviews one per game;
/// a file of one game answers without `game` or `games`.
#[test]
fn legal_and_review_of_several_games_game_by_game() {
    use pairi::api::record::{LegalRequest, ReviewRequest};
    use pairi::api::Request;
    let example = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/../../examples/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("example record")
    };
    let (tenhou6, mjai) = (example("game.json"), example("game.jsonl"));
    let files = [
        (
            tenhou6.clone(),
            format!("[{}, {}]", tenhou6.trim(), tenhou6.trim()),
        ),
        (mjai.clone(), format!("{}\n{}\n", mjai.trim(), mjai.trim())),
    ];
    for (one, two) in files {
        let legal = |record: &str| {
            LegalRequest {
                record: record.to_string(),
                ..Default::default()
            }
            .answer()
            .expect("played")
        };
        let (a, b) = (legal(&one), legal(&two));
        let json = serde_json::to_value(&a).unwrap();
        assert!(json.get("games").is_none());
        assert!(json["decisions"][0].get("game").is_none());
        assert_eq!(b.games, 2);
        assert_eq!(b.format, a.format);
        assert_eq!((b.players, b.rules), (a.players, a.rules));
        assert_eq!(b.kyokus, 2 * a.kyokus);
        assert_eq!(b.decisions.len(), 2 * a.decisions.len());
        for (i, half) in b.decisions.chunks(a.decisions.len()).enumerate() {
            for (d, alone) in half.iter().zip(&a.decisions) {
                assert_eq!(d.game, Some(i + 1));
                assert_eq!(
                    (d.after, d.seat, &d.legal),
                    (alone.after, alone.seat, &alone.legal)
                );
            }
        }
        let json = serde_json::to_value(&b).unwrap();
        assert_eq!(json["games"], 2);
        assert_eq!(json["decisions"][0]["game"], 1);

        let review = |record: &str| {
            ReviewRequest {
                record: record.to_string(),
                seats: Some(vec![0]),
                ..Default::default()
            }
            .answer()
            .expect("reviewed")
        };
        let (a, b) = (review(&one), review(&two));
        assert_eq!(a.games.len(), 1);
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            serde_json::to_value(&a.games[0]).unwrap()
        );
        assert_eq!(b.games, [a.games[0].clone(), a.games[0].clone()]);
        let json = serde_json::to_value(&b).unwrap();
        assert_eq!(json["format"], serde_json::to_value(a.format).unwrap());
        assert_eq!(json["games"].as_array().map(Vec::len), Some(2));
        assert_eq!(json["games"][1], serde_json::to_value(&a.games[0]).unwrap());
    }
}
