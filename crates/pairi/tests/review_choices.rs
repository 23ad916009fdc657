//! The review of every decision of a real hanchan (`majiang_full_hanchan.json`): riichi,
//! calls and kongs the table offered, and each discard against a threat with its
//! danger, folds among them.

use pairi::record::choices::{self, ChoiceKind};
use pairi::record::review::{review, Flag, Review, Selection};
use pairi::record::{self, check};
use pairi::table::Action;

fn hanchan() -> Option<record::Game> {
    let path = crate::shared::path("data/logs/tenhou6/majiang_full_hanchan.json")?;
    let text = std::fs::read_to_string(path).expect("record");
    Some(record::read_with(&text, None, false).expect("a hanchan"))
}

fn reviewed(game: &record::Game, sel: &Selection) -> Review {
    review(game, &check::rules_of(game), sel).expect("review")
}

#[test]
fn a_real_hanchan_shows_riichi_call_kan_and_fold_decisions() {
    let Some(game) = hanchan() else {
        return;
    };
    let r = reviewed(&game, &Selection::default());
    let count = |kind: ChoiceKind, taken: fn(&Action) -> bool| {
        r.choices
            .iter()
            .filter(|c| c.kind == kind && c.taken().is_some_and(|o| taken(&o.action)))
            .count()
    };
    let riichi = count(ChoiceKind::Riichi, |a| *a == Action::Riichi);
    let called = count(ChoiceKind::Call, |a| *a != Action::Pass);
    let passed = count(ChoiceKind::Call, |a| *a == Action::Pass);
    let kans = r
        .choices
        .iter()
        .filter(|c| c.kind == ChoiceKind::Kan)
        .count();
    assert_eq!((riichi, called, passed, kans), (12, 20, 98, 3));
    // Every call of the record is a choice taken.
    let calls = game
        .kyokus
        .iter()
        .flat_map(|k| &k.events)
        .filter(|e| matches!(e, record::Event::Call { .. }))
        .count();
    assert_eq!(called, calls);
    // Each choice has one option taken; a kong is judged by shanten.
    for c in &r.choices {
        assert_eq!(c.options.iter().filter(|o| o.taken).count(), 1, "{c:?}");
        assert!(c.kind != ChoiceKind::Kan || c.best == Some(0), "{c:?}");
    }
    // Discards against a threat: each option's danger, the safest first; a fold is the
    // safest tile, not ranked best, and not called a shanten or tenpai loss.
    let defended: Vec<_> = r.discards.iter().filter(|d| d.defence.is_some()).collect();
    let folds: Vec<_> = defended
        .iter()
        .filter(|d| d.flags.contains(&Flag::Fold))
        .collect();
    assert_eq!((defended.len(), folds.len()), (108, 29));
    for d in &defended {
        let x = d.defence.as_ref().unwrap();
        assert!(!x.threats.is_empty());
        assert!(x.options.windows(2).all(|w| w[0].danger <= w[1].danger));
        assert!(x.options.iter().all(|o| (0.0..1.0).contains(&o.danger)));
        assert!(x
            .options
            .iter()
            .all(|o| !o.reasons.genbutsu || o.danger == 0.0));
        assert_eq!(x.fold, d.flags.contains(&Flag::Fold));
    }
    for d in &folds {
        let x = d.defence.as_ref().unwrap();
        assert!(d.rank > 1);
        assert_eq!(x.option(d.discard).unwrap().danger, x.options[0].danger);
        assert!(!d.flags.contains(&Flag::ShantenBack) && !d.flags.contains(&Flag::LostTenpai));
    }
    // The summary: deal-ins and folds per player.
    let per: Vec<(usize, usize)> = r.players.iter().map(|p| (p.deal_ins, p.folds)).collect();
    assert_eq!(per, [(0, 3), (1, 5), (1, 3), (3, 2)]);
}

#[test]
fn a_call_a_riichi_and_a_fold_with_their_numbers() {
    let Some(game) = hanchan() else {
        return;
    };
    let near = |a: Option<f64>, b: f64| a.is_some_and(|a| (a - b).abs() < 1.0);
    // E2: seat 3 pons the red dragon, 1437 expected against 1225 passing.
    let r = reviewed(
        &game,
        &Selection {
            seats: vec![3],
            kyokus: vec![1],
            ev: true,
            ..Selection::default()
        },
    );
    let pon = r
        .choices
        .iter()
        .find(|c| c.kind == ChoiceKind::Call && c.event == 24)
        .expect("the pon");
    assert!(matches!(pon.taken().unwrap().action, Action::Pon { .. }));
    assert!(near(pon.options[0].score, 1225.0), "{pon:?}");
    assert!(near(pon.taken().unwrap().score, 1437.0), "{pon:?}");
    assert!(!pon.mistake && pon.best == pon.options.iter().position(|o| o.taken));
    // S4.1: seat 2's riichi (4167 expected) where dama was worth 4556, a mistake by
    // the margin; before it, seat 1's fold with 9p against seat 0's riichi, the
    // discard of the highest value.
    let r = reviewed(
        &game,
        &Selection {
            seats: vec![1, 2],
            kyokus: vec![9],
            ev: true,
            ..Selection::default()
        },
    );
    let riichi = r
        .choices
        .iter()
        .find(|c| c.kind == ChoiceKind::Riichi && c.seat == 2)
        .expect("the riichi");
    assert_eq!(riichi.taken().unwrap().action, Action::Riichi);
    assert!(near(riichi.options[0].score, 4556.0), "{riichi:?}");
    assert!(near(riichi.options[1].score, 4167.0), "{riichi:?}");
    assert!(riichi.mistake && riichi.best == Some(0));
    let fold = r
        .discards
        .iter()
        .find(|d| d.seat == 1 && d.event == 55)
        .expect("the fold");
    let x = fold.defence.as_ref().unwrap();
    assert!(
        x.fold && !x.mistake && fold.flags.contains(&Flag::Fold),
        "{fold:?}"
    );
    assert_eq!(x.riichi, [0]);
    let chosen = x.option(fold.discard).unwrap();
    assert_eq!(x.best, Some(fold.discard));
    assert!(near(chosen.value, 322.0), "{chosen:?}");
    for o in &x.options {
        let (s, v) = (o.score.unwrap(), o.value.unwrap());
        assert!((v - (s - o.danger * choices::deal_in_cost())).abs() < 1e-9);
    }
}
