//! The mjai messages against the table: each seat's view rebuilt from its messages has
//! the table's legal actions and observation at every step.

use super::*;
use crate::agent::{Agent, Builtin};
use crate::table::{DrawReason, Table, TablePreset, WallSource};

/// Plays a game with `agents`, feeding every seat's view the messages it sees, and
/// checks each view against the table after every step. Returns the decisions checked.
fn check_game(preset: TablePreset, seed: u64, agents: &mut [Box<dyn Agent>]) -> usize {
    let rules = preset.rules();
    let mut t = Table::new(rules, WallSource::Seed(seed)).unwrap();
    let n = t.players();
    let mut views: Vec<View> = (0..n).map(|_| View::new(rules)).collect();
    let names: Vec<String> = (0..n).map(|s| format!("p{s}")).collect();
    for (s, v) in views.iter_mut().enumerate() {
        v.apply(&start_game(s as Seat, &names)).unwrap();
        agents[s].start(s as Seat, &rules, seed);
    }
    let feed = |views: &mut Vec<View>, events: &[crate::table::Event]| {
        for e in events {
            for (s, v) in views.iter_mut().enumerate() {
                let m = event(&e.seen_by(s as Seat), n);
                v.apply(&m)
                    .unwrap_or_else(|err| panic!("seat {s}: {err} on {m}"));
            }
        }
    };
    feed(&mut views, t.events());
    let mut checked = 0;
    while !t.is_over() {
        let mask = t.to_act();
        for s in 0..n {
            let view = &views[usize::from(s)];
            let want = t.legal(s);
            let got = view.legal();
            if mask & (1 << s) != 0 {
                assert_eq!(
                    got.as_slice(),
                    want.as_slice(),
                    "seat {s}, seed {seed}, {preset:?}"
                );
                let a = t.observation(s);
                let b = view.observation();
                assert_eq!(a.hand, b.hand);
                assert_eq!(a.drawn, b.drawn);
                assert_eq!(a.melds, b.melds);
                assert_eq!(a.rivers, b.rivers);
                assert_eq!(a.riichi, b.riichi);
                assert_eq!(a.scores, b.scores);
                assert_eq!(a.dora, b.dora);
                assert_eq!(a.tiles_left, b.tiles_left);
                assert_eq!(a.claimable, b.claimable);
                assert_eq!(a.kita, b.kita);
                assert_eq!(
                    (a.round, a.dealer, a.honba, a.riichi_sticks),
                    (b.round, b.dealer, b.honba, b.riichi_sticks)
                );
                checked += 1;
            }
        }
        let seat = mask.trailing_zeros() as Seat;
        let legal = t.legal(seat);
        let a = agents[usize::from(seat)].act(&t.observation(seat), &legal);
        // The answer a bot would write reads back as the same action.
        let msg = action_message(&t.observation(seat), a);
        assert_eq!(reply(&msg.to_string(), &legal), Ok(a), "{msg}");
        let events = t.step(seat, a).unwrap().to_vec();
        feed(&mut views, &events);
        if !events.is_empty() {
            // A new decision point: exactly the seats the table asks see a decision.
            for (s, v) in views.iter().enumerate() {
                assert_eq!(
                    t.to_act() & (1 << s) != 0,
                    !v.legal().is_empty(),
                    "seat {s}, seed {seed}, {preset:?}, after {events:?}"
                );
            }
        }
    }
    checked
}

#[test]
fn view_ok_legal_sets_and_observations_equal_the_tables() {
    let mut total = 0;
    for preset in TablePreset::ALL {
        for seed in 0..10 {
            let b = [Builtin::Random, Builtin::Greedy][seed as usize % 2];
            let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|_| b.agent()).collect();
            total += check_game(preset, seed, &mut agents);
        }
    }
    assert!(total > 1000);
}

#[test]
fn reply_err_unreadable_and_illegal() {
    let legal = [
        Action::Discard {
            pai: Tile::M1.black(),
            tsumogiri: false,
        },
        Action::Pass,
    ];
    assert!(matches!(
        reply("not json", &legal),
        Err(ReplyError::Unreadable(_))
    ));
    assert!(matches!(
        reply(r#"{"type":"dahai","pai":"9m"}"#, &legal),
        Err(ReplyError::Illegal(_))
    ));
    assert_eq!(
        reply(
            r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":true}"#,
            &legal
        ),
        Ok(legal[0])
    );
    assert_eq!(reply(r#"{"type":"none"}"#, &legal), Ok(Action::Pass));
}

#[test]
fn message_ok_tile_names_are_the_mjai_notation() {
    // `record::mjai` wrote its tiles through the notation's mjai format; the one
    // writer names them by `mjai_tile`: the same names for all 37 tiles.
    use crate::notation::{format_pai, Format};
    for i in 0..37 {
        let p = pai_of_index(i);
        assert_eq!(mjai_tile(p), format_pai(p, Format::Mjai), "{p:?}");
        assert_eq!(pai_named(mjai_tile(p)), Some(p));
    }
}

/// The stream's payloads written in either dialect.
struct In(Dialect, Stream);

impl Payloads<Played> for In {
    fn dialect(&self) -> Dialect {
        self.0
    }
    fn draw(&self, pai: &Option<Pai>) -> Option<Pai> {
        self.1.draw(pai)
    }
    fn start_kyoku<'a>(&'a self, k: &'a KyokuStart) -> StartKyoku<'a> {
        self.1.start_kyoku(k)
    }
    fn hora<'a>(&'a self, w: &'a Win) -> Hora<'a> {
        self.1.hora(w)
    }
    fn ryukyoku<'a>(&'a self, deltas: &'a [i32; 4], tenpai: &'a u8) -> Ryukyoku<'a> {
        self.1.ryukyoku(deltas, tenpai)
    }
    fn end_scores<'a>(&'a self, scores: &'a [i32; 4]) -> Option<&'a [i32]> {
        self.1.end_scores(scores)
    }
}

#[test]
fn message_ok_the_dialects_differ_in_kita_and_the_hora_tile_only() {
    let mut ura = crate::riichi::context::Indicators::new();
    ura.push(Tile::P1.black());
    let win = Event::Win(Win {
        seat: 1,
        from: 2,
        pai: Tile::M5.red().unwrap(),
        pao: None,
        deltas: [0, 8000, -8000, 0],
        han: 3,
        fu: 40,
        yakuman: 0,
        points: 8000,
        yaku: crate::riichi::yaku::YakuList::new(),
        ura,
    });
    let drawn = Event::Ryukyoku {
        reason: DrawReason::Exhaustive,
        deltas: [1500, -1500, 1500, -1500],
        tenpai: 0b101,
    };
    let write = |e: &Event, d: Dialect| message::event(e, &In(d, Stream { n: 4 })).to_string();
    // The bot's stream names the winning tile first, the record after the ura dora.
    assert_eq!(
        write(&win, Dialect::Bot),
        r#"{"type":"hora","actor":1,"target":2,"pai":"5mr","deltas":[0,8000,-8000,0],"ura_markers":["1p"],"fan":3,"fu":40,"hora_points":8000}"#
    );
    assert_eq!(
        write(&win, Dialect::Record),
        r#"{"type":"hora","actor":1,"target":2,"deltas":[0,8000,-8000,0],"ura_markers":["1p"],"pai":"5mr","fan":3,"fu":40,"hora_points":8000}"#
    );
    assert_eq!(write(&win, Dialect::Bot), event(&win, 4).to_string());
    // A North set aside: the bot's `nukidora` with its tile, the record's `kita`.
    let kita = Event::Kita { seat: 2 };
    assert_eq!(
        write(&kita, Dialect::Bot),
        r#"{"type":"nukidora","actor":2,"pai":"N"}"#
    );
    assert_eq!(
        write(&kita, Dialect::Record),
        r#"{"type":"kita","actor":2}"#
    );
    // Everything else is one message: the stream states no ready seats.
    for d in [Dialect::Bot, Dialect::Record] {
        assert_eq!(
            write(&drawn, d),
            r#"{"type":"ryukyoku","reason":"fanpai","deltas":[1500,-1500,1500,-1500]}"#
        );
    }
    assert_eq!(
        event(&drawn, 3).to_string(),
        r#"{"type":"ryukyoku","reason":"fanpai","deltas":[1500,-1500,1500]}"#
    );
}
