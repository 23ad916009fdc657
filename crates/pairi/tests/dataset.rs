//! Training rows from records (`record::dataset`): each row is a decision point of the
//! replay at the table (`record::on_table`) with the planes, mask and action the table
//! gives there, labels that add up, whole games only, and the same rows however the
//! batch is drained.

use pairi::encode::{self, ACTION_COUNT, OBS_SIZE};
use pairi::record::dataset::{self, Batch, Columns, Options};
use pairi::record::{self, on_table};
use std::path::PathBuf;

/// The hand-written records of `tests/data/records`, and the shared logs when present.
fn files() -> Vec<PathBuf> {
    let mut dirs = vec![PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/records"
    ))];
    if let Some(root) = crate::shared::path("data/logs") {
        for d in ["tenhou6", "mjai", "mjlog"] {
            dirs.push(root.join(d));
        }
    }
    let mut files = Vec::new();
    for d in dirs {
        let mut f: Vec<PathBuf> = std::fs::read_dir(&d)
            .expect("records")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e != "md"))
            .collect();
        f.sort();
        files.extend(f);
    }
    files
}

/// Every game of every file that plays at the table, with its text's games read
/// partially; the rows of each in one batch.
fn rows(options: Options, capacity: usize) -> (Columns, Vec<(record::Game, bool)>) {
    let mut batch = Batch::new(capacity, options);
    let mut all = Columns::default();
    let mut games = Vec::new();
    for path in files() {
        let text = std::fs::read_to_string(&path).expect("record");
        for game in dataset::read_games(&text, true) {
            let Ok((game, complete)) = game else { continue };
            if batch.push_game(&game, games.len(), complete).is_ok() {
                games.push((game, complete));
            }
            while batch.is_full() {
                let head = batch.drain(capacity, |c, n| c.head(n));
                append(&mut all, &head);
            }
        }
    }
    let n = batch.len();
    let rest = batch.drain(n, |c, n| c.head(n));
    append(&mut all, &rest);
    assert_eq!(batch.dropped(), 0, "rows whose action was not legal");
    (all, games)
}

fn append(all: &mut Columns, c: &Columns) {
    all.planes.extend_from_slice(&c.planes);
    all.scalars.extend_from_slice(&c.scalars);
    all.mask.extend_from_slice(&c.mask);
    all.action.extend_from_slice(&c.action);
    all.game.extend_from_slice(&c.game);
    all.kyoku.extend_from_slice(&c.kyoku);
    all.round.extend_from_slice(&c.round);
    all.dealer.extend_from_slice(&c.dealer);
    all.honba.extend_from_slice(&c.honba);
    all.seat.extend_from_slice(&c.seat);
    all.event.extend_from_slice(&c.event);
    all.kyoku_delta.extend_from_slice(&c.kyoku_delta);
    all.kyoku_over.extend_from_slice(&c.kyoku_over);
    all.final_points.extend_from_slice(&c.final_points);
    all.placement.extend_from_slice(&c.placement);
    all.game_over.extend_from_slice(&c.game_over);
}

/// A decision point: kyoku, event, seat, planes, mask, and whether it was forced.
type Point = (usize, usize, u8, Vec<f32>, Vec<bool>, bool);

/// The decision points of `game` (seat by seat, forced ones marked) with the planes
/// and mask the table gives there, from the replay alone.
fn reference(game: &record::Game) -> Vec<Point> {
    let rules = on_table::rules_of(game, false);
    let mut out = Vec::new();
    on_table(game, rules, false, |d| {
        let t = d.table;
        for seat in 0..t.players() {
            if t.to_act() & (1 << seat) == 0 {
                continue;
            }
            let mut planes = vec![0f32; OBS_SIZE];
            encode::observe(&t.observation(seat), &mut planes);
            let legal = t.legal(seat);
            let mut mask = vec![false; ACTION_COUNT];
            encode::mask(&legal, &mut mask);
            out.push((d.kyoku, d.after, seat, planes, mask, legal.len() < 2));
        }
    })
    .expect("plays");
    out
}

#[test]
fn rows_are_the_tables_decisions_with_exact_planes_and_masks() {
    let (rows, games) = rows(Options::default(), 1 << 16);
    assert!(rows.len() > 1000, "{} rows", rows.len());
    let mut at = 0;
    let mut obs = vec![0f32; OBS_SIZE];
    let mut mask = vec![false; ACTION_COUNT];
    for (g, (game, _)) in games.iter().enumerate() {
        for (kyoku, after, seat, planes, legal, forced) in reference(game) {
            if forced {
                continue;
            }
            // A decision the record stops at (no action) has no row.
            if rows.game.get(at) != Some(&(g as i32))
                || rows.kyoku[at] != kyoku as i32
                || rows.event[at] != after as i32
                || rows.seat[at] != seat as i8
            {
                let k = &game.kyokus[kyoku];
                assert!(
                    !k.is_over() && after == k.events.len(),
                    "game {g} kyoku {kyoku} event {after} seat {seat}: no row"
                );
                continue;
            }
            rows.observation(at, &mut obs);
            assert_eq!(obs, planes, "game {g} row {at}");
            rows.legal(at, &mut mask);
            assert_eq!(mask, legal, "game {g} row {at}");
            let action = usize::try_from(rows.action[at]).expect("an action");
            assert!(
                legal[action],
                "game {g} row {at}: action {action} not legal"
            );
            at += 1;
        }
    }
    assert_eq!(at, rows.len(), "rows beyond the decisions");
}

#[test]
fn labels_add_up() {
    let (rows, games) = rows(Options::default(), 1 << 16);
    for row in 0..rows.len() {
        let (game, complete) = &games[rows.game[row] as usize];
        let k = &game.kyokus[rows.kyoku[row] as usize];
        assert_eq!(rows.round[row], k.round as i8);
        assert_eq!(rows.dealer[row], k.dealer as i8);
        assert_eq!(rows.honba[row], k.honba as i32);
        assert_eq!(rows.kyoku_over[row], k.is_over());
        if !k.is_over() {
            assert_eq!(rows.kyoku_delta[row], 0);
        }
        assert_eq!(rows.game_over[row], *complete);
        let n = game.players.count() as i8;
        if *complete {
            assert!((1..=n).contains(&rows.placement[row]));
        } else {
            assert_eq!((rows.placement[row], rows.final_points[row]), (-1, 0));
        }
    }
    // Each kyoku's deltas over the seats: what the sticks on the table gained or lost.
    let mut sums = std::collections::BTreeMap::<(i32, i32, i8), i32>::new();
    for row in 0..rows.len() {
        sums.insert(
            (rows.game[row], rows.kyoku[row], rows.seat[row]),
            rows.kyoku_delta[row],
        );
    }
    let mut complete_games = 0;
    for (g, (game, complete)) in games.iter().enumerate() {
        let n = usize::from(game.players.count());
        let g = g as i32;
        if *complete && rows.game.contains(&g) {
            complete_games += 1;
            let mut points = vec![None; n];
            let mut places = vec![None; n];
            for row in (0..rows.len()).filter(|&r| rows.game[r] == g) {
                let s = rows.seat[row] as usize;
                points[s] = Some(rows.final_points[row]);
                places[s] = Some(rows.placement[row]);
            }
            // Placements follow the points, ties to the lower seat.
            for a in 0..n {
                for b in 0..n {
                    if let (Some(pa), Some(pb), Some(ra), Some(rb)) =
                        (points[a], points[b], places[a], places[b])
                    {
                        if pa > pb || (pa == pb && a < b) {
                            assert!(ra < rb, "game {g}: seats {a} {b}");
                        }
                    }
                }
            }
        }
    }
    assert!(complete_games > 0);
    // A kyoku where every seat has a row: the deltas' sum is the change of the sticks.
    for (g, (game, _)) in games.iter().enumerate() {
        let n = game.players.count() as i8;
        for (i, k) in game.kyokus.iter().enumerate() {
            let d: Option<Vec<i32>> = (0..n)
                .map(|s| sums.get(&(g as i32, i as i32, s)).copied())
                .collect();
            let (Some(d), true) = (d, k.is_over()) else {
                continue;
            };
            let total: i32 = d.iter().sum();
            assert_eq!(total % 1000, 0, "game {g} kyoku {i}: {d:?}");
        }
    }
}

#[test]
fn draining_at_any_size_gives_the_same_rows() {
    let (whole, _) = rows(Options::default(), 1 << 20);
    let (small, _) = rows(Options::default(), 97);
    assert_eq!(whole, small);
}

#[test]
fn forced_points_add_rows() {
    let (some, _) = rows(Options::default(), 1 << 16);
    let (all, _) = rows(
        Options {
            forced: true,
            ..Options::default()
        },
        1 << 16,
    );
    assert!(all.len() > some.len(), "{} {}", all.len(), some.len());
    let forced = (0..all.len())
        .filter(|&r| {
            let mut m = [false; ACTION_COUNT];
            all.legal(r, &mut m);
            m.iter().filter(|&&x| x).count() == 1
        })
        .count();
    assert_eq!(all.len() - forced, some.len());
}

/// A game whose record the table refuses: no row of it is kept, the batch goes on.
#[test]
fn a_game_the_table_refuses_leaves_no_row() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/records/chankan_ippatsu.jsonl"
    ))
    .expect("record");
    let (game, complete) = dataset::read_games(&text, true)
        .next()
        .expect("a game")
        .expect("reads");
    let mut batch = Batch::new(64, Options::default());
    let good = batch.push_game(&game, 0, complete).expect("plays");
    assert!(good > 0);
    // The same game with its last discard made by the next seat, out of turn.
    let mut bad = game.clone();
    let n = bad.players.count();
    let k = bad.kyokus.iter_mut().last().expect("a kyoku");
    let e = k
        .events
        .iter_mut()
        .rev()
        .find(|e| matches!(e, record::Event::Discard { .. }))
        .expect("a discard");
    if let record::Event::Discard { seat, .. } = e {
        *seat = (*seat + 1) % n;
    }
    let before = batch.len();
    assert!(batch.push_game(&bad, 1, complete).is_err());
    assert_eq!(batch.len(), before);
    assert_eq!(batch.push_game(&game, 2, complete).expect("plays"), good);
}

#[test]
fn a_cut_off_game_is_an_error_unless_partial() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/records/chankan_ippatsu.jsonl"
    ))
    .expect("record");
    // Cut after the first half of the lines.
    let lines: Vec<&str> = text.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n");
    assert!(dataset::read_games(&cut, false)
        .next()
        .expect("a game")
        .is_err());
    let (game, complete) = dataset::read_games(&cut, true)
        .next()
        .expect("a game")
        .expect("reads");
    assert!(!complete);
    let mut batch = Batch::new(64, Options::default());
    batch.push_game(&game, 0, complete).expect("plays");
    let c = batch.columns();
    assert!(!c.is_empty());
    assert!(c.placement.iter().all(|&p| p == -1));
    assert!(c.game_over.iter().all(|&o| !o));
}

/// FNV-1a (64 bits) over `bytes`, continuing from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// One hash a column of `c`, every value in little-endian bytes, by column name.
fn column_hashes(c: &Columns) -> Vec<(&'static str, u64)> {
    const START: u64 = 0xcbf2_9ce4_8422_2325;
    fn ints<T: Copy>(v: &[T], f: impl Fn(T) -> i64) -> u64 {
        v.iter().fold(START, |h, &x| fnv(h, &f(x).to_le_bytes()))
    }
    let scalars = c
        .scalars
        .iter()
        .fold(START, |h, x| fnv(h, &x.to_le_bytes()));
    vec![
        ("planes", fnv(START, &c.planes)),
        ("scalars", scalars),
        ("mask", fnv(START, &c.mask)),
        ("action", ints(&c.action, i64::from)),
        ("game", ints(&c.game, i64::from)),
        ("kyoku", ints(&c.kyoku, i64::from)),
        ("round", ints(&c.round, i64::from)),
        ("dealer", ints(&c.dealer, i64::from)),
        ("honba", ints(&c.honba, i64::from)),
        ("seat", ints(&c.seat, i64::from)),
        ("event", ints(&c.event, i64::from)),
        ("kyoku_delta", ints(&c.kyoku_delta, i64::from)),
        ("kyoku_over", ints(&c.kyoku_over, i64::from)),
        ("final_points", ints(&c.final_points, i64::from)),
        ("placement", ints(&c.placement, i64::from)),
        ("game_over", ints(&c.game_over, i64::from)),
    ]
}

/// The rows of the records in `dir` (every game that plays, files in name order).
fn rows_of_dir(dir: &std::path::Path, options: Options) -> Columns {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("records")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e != "md"))
        .collect();
    paths.sort();
    let mut batch = Batch::new(1 << 20, options);
    let mut games = 0;
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("record");
        for game in dataset::read_games(&text, true) {
            let Ok((game, complete)) = game else { continue };
            if batch.push_game(&game, games, complete).is_ok() {
                games += 1;
            }
        }
    }
    let n = batch.len();
    batch.drain(n, |c, n| c.head(n))
}

/// Every value of every column, pinned for the records of `tests/data/records` and
/// the shared Tenhou XML records: a change of any row shows here, column by column
/// (a new encoding must come with a new `ENCODING_VERSION` and new pins).
#[test]
fn rows_are_pinned() {
    let local = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records"));
    let mut sets = vec![
        ("records", local.clone(), Options::default()),
        (
            "records, forced",
            local,
            Options {
                forced: true,
                ..Options::default()
            },
        ),
    ];
    if let Some(dir) = crate::shared::path("data/logs/mjlog") {
        sets.push(("shared mjlog", dir, Options::default()));
    }
    let mut got = String::new();
    for (name, dir, options) in sets {
        let c = rows_of_dir(&dir, options);
        got += &format!("{name}: {} rows\n", c.len());
        for (column, h) in column_hashes(&c) {
            got += &format!("{name}: {column} {h:016x}\n");
        }
    }
    let want = include_str!("data/dataset-pins.txt");
    let want: String = want
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| crate::shared::path("data/logs/mjlog").is_some() || !l.starts_with("shared"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(got, want, "rows changed:\n{got}");
}
