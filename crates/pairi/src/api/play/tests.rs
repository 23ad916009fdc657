use super::*;
use crate::api::batch::answer_kind;

fn req(json: &str) -> PlayRequest {
    serde_json::from_str(json).unwrap()
}

fn play(r: &PlayRequest) -> PlayAnswer {
    r.answer().unwrap()
}

/// Plays a whole game by always taking the person's first legal action, checking each
/// answer; returns the last answer and how many requests it took.
fn whole_game(rules: &str, seat: Seat, seed: u64) -> (PlayAnswer, usize) {
    let mut r = req(&format!(
        r#"{{"rules": "{rules}", "seed": {seed}, "seat": {seat}}}"#
    ));
    let mut requests = 0;
    loop {
        let a = play(&r);
        requests += 1;
        assert!(requests < 5000, "the game does not end");
        // The answer's actions start with the request's.
        assert_eq!(a.actions[..r.actions.len()], r.actions[..]);
        if a.game_end.is_some() {
            assert!(a.legal.is_empty());
            return (a, requests);
        }
        assert!(!a.legal.is_empty(), "no decision and no end");
        r.actions = a.actions.clone();
        r.actions.push(a.legal[0].id);
    }
}

#[test]
fn a_whole_game_first_legal_action_each_time() {
    for (rules, players) in [("tenhou", 4u8), ("tenhou-sanma", 3), ("mahjongsoul", 4)] {
        for seat in 0..players {
            let (end, requests) = whole_game(rules, seat, 11 + u64::from(seat));
            let g = end.game_end.unwrap();
            assert_eq!(g.places.len(), usize::from(players));
            let mut places = g.places.clone();
            places.sort_unstable();
            assert_eq!(places, (1..=players).collect::<Vec<_>>());
            assert!(requests > 10, "{rules} seat {seat}: {requests} requests");
            assert!(end.actions.len() < 100_000);
        }
    }
}

#[test]
fn replay_gives_the_same_answer_and_any_prefix_replays() {
    let (end, _) = whole_game("tenhou-tonpuu", 1, 3);
    let mut r = req(r#"{"rules": "tenhou-tonpuu", "seed": 3, "seat": 1}"#);
    r.actions = end.actions.clone();
    let again = play(&r);
    assert_eq!(again.game_end, end.game_end);
    assert_eq!(again.actions, end.actions);
    // A prefix that stops anywhere (even at an opponent's decision) is played on.
    for cut in [1, 7, end.actions.len() / 2] {
        r.actions = end.actions[..cut].to_vec();
        let a = play(&r);
        assert!(a.actions.len() >= cut);
        assert_eq!(a.actions[..cut], end.actions[..cut]);
    }
    // The same request, the same bytes, through the batch kind.
    let json = r#"{"rules": "tenhou", "seed": 5, "seat": 2, "actions": []}"#;
    assert_eq!(
        answer_kind("play", json).unwrap(),
        answer_kind("play", json).unwrap()
    );
    let direct = serde_json::to_string(&play(&req(json))).unwrap();
    assert_eq!(answer_kind("play", json).unwrap(), direct);
}

#[test]
fn an_illegal_action_is_refused() {
    let a = play(&req(r#"{"seed": 9}"#));
    assert_eq!(a.seat, 0);
    let mut r = req(r#"{"seed": 9}"#);
    r.actions = a.actions.clone();
    // Pass is never legal on one's own turn.
    r.actions.push(156);
    let e = r.answer().unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidRequest, "{e}");
    assert!(e.message.contains("is not a legal action"), "{e}");
    // An id that is no action at all.
    r.actions.pop();
    r.actions.push(999);
    assert_eq!(r.answer().unwrap_err().kind, ErrorKind::InvalidRequest);
    // Bad fields.
    for bad in [
        r#"{"seat": 3, "players": 3}"#,
        r#"{"rules": "nowhere"}"#,
        r#"{"rules": "wrc", "players": 3}"#,
        r#"{"opponents": "random"}"#,
        r#"{"sead": 1}"#,
    ] {
        let e = answer_kind("play", bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidRequest, "{bad}: {e}");
    }
    // Past the limit.
    let narrow = Limits {
        max_play_actions: 2,
        ..crate::api::limits::LIBRARY
    };
    let long = req(r#"{"actions": [1, 2, 3]}"#);
    let e = long.answer_within(&narrow, &Stop::never()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooLarge);
    // Actions past the end of the game.
    let (end, _) = whole_game("tenhou-tonpuu", 0, 4);
    let mut r = req(r#"{"rules": "tenhou-tonpuu", "seed": 4}"#);
    r.actions = end.actions;
    r.actions.push(156);
    let e = r.answer().unwrap_err();
    assert!(e.message.contains("the game is over"), "{e}");
}

/// Every tile of the answer's JSON outside the person's own: no other seat's concealed
/// tile appears, in the view or in the events.
#[test]
fn no_hidden_tile_of_another_seat_is_shown() {
    let mut r = req(r#"{"seed": 21, "seat": 2}"#);
    for _ in 0..200 {
        let a = play(&r);
        let json = serde_json::to_value(&a).unwrap();
        assert!(json["view"].get("hands").is_none());
        for e in &a.events {
            match e["type"].as_str().unwrap() {
                "start_kyoku" => {
                    for (s, h) in e["tehais"].as_array().unwrap().iter().enumerate() {
                        let hidden = h.as_array().unwrap().iter().all(|t| t == "?");
                        assert_eq!(hidden, s != 2, "{e}");
                    }
                }
                "tsumo" => {
                    assert_eq!(e["pai"] == "?", e["actor"] != 2, "{e}");
                }
                _ => {}
            }
        }
        // The view's hand is the seat's own: the table's own observation of it.
        assert_ne!(a.view.hand.len() % 3, 0);
        if a.view.drawn.is_some() {
            assert_eq!(a.view.hand.len() % 3, 2);
        }
        // No tile is seen more than four times: nothing is shown twice.
        let mut seen = std::collections::HashMap::<String, usize>::new();
        let rivers = a.view.rivers.iter().flatten().filter(|t| !t.called);
        let melds = a.view.melds.iter().flatten().flat_map(|m| m.tiles.iter());
        for t in a
            .view
            .hand
            .iter()
            .chain(rivers.map(|t| &t.pai))
            .chain(melds)
            .chain(&a.view.dora)
        {
            let kind = t.replace('0', "5");
            *seen.entry(kind).or_default() += 1;
        }
        assert!(seen.values().all(|&c| c <= 4), "{seen:?}");
        if a.game_end.is_some() {
            break;
        }
        r.actions = a.actions;
        r.actions.push(a.legal[0].id);
    }
}

#[test]
fn the_first_answer_is_the_deal_and_results_come_at_a_kyoku_end() {
    let a = play(&req(r#"{"seed": 2, "seat": 1}"#));
    assert_eq!(a.events[0]["type"], "start_kyoku");
    assert_eq!(
        a.view.hand.len(),
        if a.view.drawn.is_some() { 14 } else { 13 }
    );
    assert_eq!(a.view.scores, vec![25_000; 4]);
    let (end, _) = whole_game("tenhou", 1, 2);
    // The last answer holds the last kyoku's result.
    let last = end.results.last().expect("a result at the end");
    assert_eq!(last.scores.len(), 4);
    assert!(last.draw.is_some() || !last.wins.is_empty());
    for w in &last.wins {
        assert!(w.yakuman > 0 || w.han > 0);
    }
    assert!(["E", "S", "W", "N"].contains(&last.round.as_str()));
}

#[test]
fn pairi_opponents_play_too() {
    let r = req(r#"{"seed": 8, "seat": 3, "opponents": "pairi"}"#);
    let a = play(&r);
    assert!(!a.legal.is_empty());
    assert_eq!(a.actions.len(), play(&r).actions.len());
}

/// A whole game played by requests, then asked for as a record: tenhou.net/6 and mjai
/// read back to the same game, every win scores as recorded (`record check`) and the
/// table replays every kyoku with its score changes (`record legal`).
#[test]
fn a_played_game_is_a_record_that_checks_and_replays() {
    for (rules, seat, seed, mahjong_soul) in [
        ("tenhou", 0, 21, false),
        ("tenhou-sanma", 2, 22, false),
        ("mahjongsoul", 1, 23, true),
    ] {
        let (end, _) = whole_game(rules, seat, seed);
        assert!(end.record.is_none(), "no record unless asked for");
        let mut r = req(&format!(
            r#"{{"rules": "{rules}", "seed": {seed}, "seat": {seat}, "record": "tenhou6"}}"#
        ));
        r.actions = end.actions.clone();
        let a = play(&r);
        assert_eq!(a.game_end, end.game_end);
        let text = a.record.unwrap();
        assert!(text.ends_with('\n') && text.lines().count() == 1);
        let game = crate::record::read(&text, None).unwrap();
        let names = &game.names;
        assert_eq!(names[usize::from(seat)], "player");
        let report =
            crate::record::check::check(&game, &crate::record::check::rules_of(&game)).unwrap();
        assert!(
            report.mismatches.is_empty(),
            "{rules}: {:?}",
            report.mismatches
        );
        assert!(report.wins > 0, "{rules}: no win checked");
        assert_eq!(report.wins_agreeing, report.wins);
        let table_rules = crate::record::on_table::rules_of(&game, mahjong_soul);
        let kyokus = crate::record::on_table(&game, table_rules, true, |_| {}).unwrap();
        assert_eq!(kyokus, game.kyokus.len());
        // The final scores are the game's.
        let last = game.kyokus.last().unwrap();
        assert!(!last.events.is_empty());
        // mjai: the same game.
        r.record = Some("mjai".into());
        let lines = play(&r).record.unwrap();
        let back = crate::record::read(&lines, None).unwrap();
        assert_eq!(back.kyokus.len(), game.kyokus.len());
        for (x, y) in back.kyokus.iter().zip(&game.kyokus) {
            let sorted = |hands: &Vec<Vec<Pai>>| -> Vec<Vec<Pai>> {
                hands
                    .iter()
                    .map(|h| {
                        let mut h = h.clone();
                        h.sort_unstable();
                        h
                    })
                    .collect()
            };
            assert_eq!(sorted(&x.hands), sorted(&y.hands));
            assert_eq!(x.scores, y.scores);
            assert_eq!(x.events.len(), y.events.len());
        }
    }
}

#[test]
fn a_record_of_a_game_in_progress_holds_the_kyoku_that_ended() {
    let (end, _) = whole_game("tenhou-tonpuu", 0, 4);
    let full = {
        let mut r = req(r#"{"rules": "tenhou-tonpuu", "seed": 4, "record": "tenhou6"}"#);
        r.actions = end.actions.clone();
        crate::record::read(&play(&r).record.unwrap(), None).unwrap()
    };
    assert!(full.kyokus.len() >= 2);
    // At the first decision, no kyoku has ended: the record has none (the kyoku in
    // progress would show the others' hands).
    let r = req(r#"{"rules": "tenhou-tonpuu", "seed": 4, "record": "tenhou6"}"#);
    let first = play(&r).record.unwrap();
    let game = crate::record::read(&first, None).unwrap();
    assert!(game.kyokus.is_empty());
    // Halfway: a prefix of the whole game's kyoku.
    let mut r = req(r#"{"rules": "tenhou-tonpuu", "seed": 4, "record": "tenhou6"}"#);
    r.actions = end.actions[..end.actions.len() / 2].to_vec();
    let a = play(&r);
    let game = crate::record::read(&a.record.unwrap(), None).unwrap();
    assert!(game.kyokus.len() < full.kyokus.len());
    for (x, y) in game.kyokus.iter().zip(&full.kyokus) {
        assert_eq!(x.hands, y.hands);
        assert_eq!(x.events, y.events);
    }
    // Unknown formats are refused.
    let r = req(r#"{"seed": 4, "record": "mjlog"}"#);
    assert_eq!(r.answer().unwrap_err().kind(), ErrorKind::InvalidRequest);
}

/// A first kyoku's wall (four players, seat 0 deals) giving each seat the 13 tiles of
/// `hands` and then the draws `draws` in order (the dealer's fourteenth tile first);
/// the other tiles below them in a fixed order.
fn dealt_wall(hands: [&str; 4], draws: &[&str]) -> crate::table::KyokuWall {
    use crate::table::wall;
    let rules = TablePreset::Tenhou.rules();
    let (players, red) = (rules.scoring.players, rules.scoring.red_fives);
    let mut free: Vec<u8> = wall::tile_ids(players).as_slice().to_vec();
    let len = free.len();
    let mut slots: Vec<Option<u8>> = vec![None; len];
    let mut take = |slot: usize, t: crate::tile::Tile| {
        let i = free
            .iter()
            .position(|&id| wall::pai_of_id(id, red).map(|p| p.tile()) == Some(t))
            .unwrap_or_else(|| panic!("no {t} left"));
        slots[slot] = Some(free.remove(i));
    };
    let kinds = |s: &str| -> Vec<crate::tile::Tile> {
        let h = crate::notation::parse_hand(s).unwrap();
        h.concealed()
            .iter()
            .flat_map(|(t, n)| std::iter::repeat_n(t, usize::from(n)))
            .collect()
    };
    let hands: Vec<_> = hands.iter().map(|&h| kinds(h)).collect();
    // Dealing and drawing take the last id first: four tiles a seat three times, then
    // one each.
    let mut top = len - 1;
    let mut dealt = [0usize; 4];
    for take_n in [4, 4, 4, 1] {
        for (hand, n) in hands.iter().zip(dealt.iter_mut()) {
            for _ in 0..take_n {
                take(top, hand[*n]);
                *n += 1;
                top -= 1;
            }
        }
    }
    for d in draws {
        take(top, kinds(d)[0]);
        top -= 1;
    }
    let mut rest = free.into_iter();
    let ids: Vec<u8> = slots
        .into_iter()
        .map(|s| s.or_else(|| rest.next()).unwrap())
        .collect();
    crate::table::KyokuWall::from_ids(players, &ids, [1, 1]).unwrap()
}

/// Two games that differ only in whether seat 1 could pon the person's first discard
/// (a pair of Red dragons, or a Red and a Green): the opponents let every tile go, and
/// both answers have the same `actions` and events. The list has the person's discard
/// and the opponents' discards, never a pass of seat 1, so it cannot tell the two
/// apart; the table did ask seat 1 in the first game only.
#[test]
fn the_actions_never_tell_who_could_have_claimed() {
    let hands = |one: &'static str| {
        [
            "1239m456p789s234z",
            one,
            "258m369p147s1122z",
            "369m147p258s3344z",
        ]
    };
    let draws = ["7z", "9p", "1s", "1z", "5m", "1p", "2s", "8m", "4z"];
    let could = hands("147m258p369s5677z");
    let could_not = hands("147m258p369s5667z");
    let answer = |hands: [&str; 4]| {
        let walls = WallSource::Explicit(vec![dealt_wall(hands, &draws)]);
        let tsumogiri = |_: Seat| -> Box<dyn Agent> { Box::new(crate::agent::Tsumogiri) };
        let first = req("{}")
            .play_on(walls.clone(), &tsumogiri, &Stop::never())
            .unwrap();
        let red = first
            .legal
            .iter()
            .find(|l| l.kind == "dahai" && l.pai.as_deref() == Some("7z"))
            .expect("the Red dragon may be thrown")
            .id;
        let mut r = req("{}");
        r.actions = vec![red];
        let a = r
            .play_on(walls.clone(), &tsumogiri, &Stop::never())
            .unwrap();
        // Whether the table asked seat 1 about the Red dragon.
        let mut t = Table::new(TablePreset::Tenhou.rules(), walls).unwrap();
        let discard = t.legal(0).iter().copied().find(|x| entry(0, *x) == red);
        t.step(0, discard.unwrap()).unwrap();
        (
            a,
            t.to_act() & 0b10 != 0 && t.legal(1).contains(&Action::Pass),
        )
    };
    let (a, asked) = answer(could);
    let (b, not_asked) = answer(could_not);
    assert!(asked, "seat 1 may pon in the first game");
    assert!(!not_asked, "seat 1 may not pon in the second");
    assert_eq!(a.actions, b.actions);
    assert_eq!(a.events, b.events);
    assert_eq!(a.view, b.view);
    // The person's discard and one discard by each opponent, each with its seat.
    assert_eq!(a.actions.len(), 4, "{:?}", a.actions);
    let seats: Vec<u16> = a.actions.iter().map(|e| e / 1000).collect();
    assert_eq!(seats, [0, 1, 2, 3]);
    assert!(a.actions.iter().all(|e| e % 1000 != Action::Pass.id()));
}

/// In whole games from every seat, no answer's `actions` holds another seat's pass,
/// every entry names a seat of the table, and a list holding another seat's pass is
/// refused wherever it stands (whether or not that seat could claim there).
#[test]
fn no_other_seat_s_pass_is_written_or_accepted() {
    for (rules, seat, seed) in [("tenhou", 2, 31), ("tenhou-sanma", 1, 32)] {
        let (end, _) = whole_game(rules, seat, seed);
        let players = end.players;
        for &e in &end.actions {
            let (s, id) = (e / 1000, e % 1000);
            assert!(s < u16::from(players), "{e}");
            assert!(s == u16::from(seat) || id != Action::Pass.id(), "{e}");
        }
        // Opponents could claim in these games: rebuilt, the table asks them about
        // tiles they let go, and those passes are not in the list.
        let preset = req(&format!(r#"{{"rules": "{rules}"}}"#)).preset().unwrap();
        let mut t = Table::new(preset.rules(), WallSource::Seed(seed)).unwrap();
        let mut implied = 0;
        for &e in &end.actions {
            loop {
                let s = t.to_act().trailing_zeros() as Seat;
                let legal = t.legal(s);
                let found = legal.iter().copied().find(|a| entry(s, *a) == e);
                if let Some(a) = found.filter(|&a| a != Action::Pass || s == seat) {
                    t.step(s, a).unwrap();
                    break;
                }
                assert!(s != seat && legal.contains(&Action::Pass), "{e}");
                t.step(s, Action::Pass).unwrap();
                implied += 1;
            }
        }
        assert!(implied > 0, "{rules}: no opponent could claim");
        let mut r = req(&format!(
            r#"{{"rules": "{rules}", "seed": {seed}, "seat": {seat}}}"#
        ));
        for cut in [3, end.actions.len() / 3, end.actions.len() / 2] {
            let other = (seat + 1) % players;
            r.actions = end.actions[..cut].to_vec();
            r.actions.push(1000 * u16::from(other) + Action::Pass.id());
            let e = r.answer().unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidRequest);
            assert!(e.message.contains("another seat's pass"), "{e}");
        }
        // An entry naming no seat of the table.
        r.actions = vec![4000 + 11];
        assert!(r.answer().unwrap_err().message.contains("not a seat"));
    }
}
