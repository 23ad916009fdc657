//! A Tenhou record's walls reproduced from its shuffle seed.
//!
//! A Tenhou XML log keeps the seed of the game's shuffle (`<SHUFFLE seed>`); Tenhou's
//! published algorithm ([`TenhouShuffle`]) turns it into every kyoku's wall, in order.
//! [`reproduce`] deals each kyoku from that wall and follows it draw by draw: the
//! record's deals, its draws from the live wall and from the dead wall (after a kong or
//! a kita), its dora indicators and its ura indicators must be the wall's tiles at
//! their places. A record that passes is the game Tenhou dealt; one that does not was
//! changed, or cut and joined from other games.

use super::{CallKind, Event, Game, Kyoku};
use crate::riichi::rules::{Players, RedFives};
use crate::table::wall::{pai_of_id, KyokuWall, TenhouShuffle, WallError};
use crate::tile::Pai;

/// Where a kyoku differs from the wall its seed gives.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("kyoku {kyoku}, event {event}: {what} is {record} in the record, {wall} on the wall")]
pub struct WallDifference {
    /// The kyoku's index in the game.
    pub index: usize,
    /// The kyoku's label (`E1`, `S3.1`).
    pub kyoku: String,
    /// The index of the event that differs (0 for the deal and the first indicator).
    pub event: usize,
    /// What differs: `seat 2's deal`, `draw 14`, `dora indicator 1`, `ura indicator 0`.
    pub what: String,
    /// The record's tile(s), in mjai notation.
    pub record: String,
    /// The wall's.
    pub wall: String,
}

/// What became of a record's walls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Walls {
    /// The record keeps no Tenhou shuffle seed (or one of another generator).
    NoSeed,
    /// Every kyoku's deal, draws and indicators are its wall's.
    Reproduced {
        /// Kyoku checked.
        kyokus: usize,
    },
    /// The first difference.
    Differ(Box<WallDifference>),
    /// A Tenhou shuffle seed that cannot be read (not base64 of 624 words): the
    /// reason.
    Unreadable(&'static str),
}

/// Whether `game`'s walls are those of its Tenhou shuffle seed ([`Walls`]).
#[must_use]
pub fn reproduce(game: &Game) -> Walls {
    let Some(seed) = game.wall_seed.as_deref() else {
        return Walls::NoSeed;
    };
    if !seed.starts_with("mt19937ar-sha512-n288") {
        return Walls::NoSeed;
    }
    let mut shuffle = match TenhouShuffle::new(seed) {
        Ok(s) => s,
        Err(WallError::TenhouSeed(why)) => return Walls::Unreadable(why),
        Err(_) => return Walls::Unreadable("not a seed"),
    };
    let red = super::on_table::rules_of(game, false).scoring.red_fives;
    for (i, k) in game.kyokus.iter().enumerate() {
        let wall = shuffle.next_wall(game.players);
        if let Err(mut d) = kyoku_on_wall(&wall, k, game.players, red) {
            d.index = i;
            return Walls::Differ(Box::new(d));
        }
    }
    Walls::Reproduced {
        kyokus: game.kyokus.len(),
    }
}

fn name(p: Pai) -> String {
    crate::notation::format_pai(p, crate::notation::Format::Mjai)
}

fn names(tiles: &[Pai]) -> String {
    tiles.iter().map(|&p| name(p)).collect::<Vec<_>>().join(" ")
}

/// The first place where kyoku `k` is not dealt and drawn from `wall`.
fn kyoku_on_wall(
    wall: &KyokuWall,
    k: &Kyoku,
    players: Players,
    red: RedFives,
) -> Result<(), WallDifference> {
    let pai = |i: usize| pai_of_id(wall.id(i), red);
    let differ = |event: usize, what: String, record: String, on_wall: String| WallDifference {
        index: 0,
        kyoku: k.label(),
        event,
        what,
        record,
        wall: on_wall,
    };
    let one = |p: Option<Pai>| p.map_or_else(|| "?".to_owned(), name);
    let dead = wall.dead();
    let dora = pai(usize::from(dead.dora[0]));
    if dora != Some(k.dora) {
        return Err(differ(
            0,
            "the dora indicator".into(),
            name(k.dora),
            one(dora),
        ));
    }
    // The deal: from the wall's end, four tiles to each seat from the dealer three
    // times, then one each.
    let n = usize::from(players.count());
    let mut top = wall.len() - 1;
    let mut dealt: Vec<Vec<Pai>> = vec![Vec::with_capacity(13); n];
    for round in 0..4 {
        let take = if round < 3 { 4 } else { 1 };
        for s in 0..n {
            for _ in 0..take {
                if let Some(p) = pai(top) {
                    dealt[(usize::from(k.dealer) + s) % n].push(p);
                }
                top -= 1;
            }
        }
    }
    for (s, hand) in dealt.iter_mut().enumerate() {
        let mut want = k.hands.get(s).cloned().unwrap_or_default();
        hand.sort_unstable();
        want.sort_unstable();
        if *hand != want {
            return Err(differ(
                0,
                format!("seat {s}'s deal"),
                names(&want),
                names(hand),
            ));
        }
    }
    // The draws, from the live wall's end or, after a kong or a kita, from the dead
    // wall; each new indicator from its place.
    let (mut replacements, mut indicators, mut draws) = (0, 0, 0);
    let mut replacement = false;
    for (i, e) in k.events.iter().enumerate() {
        match *e {
            Event::Draw { pai: drawn, .. } => {
                let at = if replacement {
                    let Some(&at) = dead.replacements.get(replacements) else {
                        return Err(differ(
                            i,
                            format!("replacement draw {replacements}"),
                            name(drawn),
                            "none (no replacement tile left)".into(),
                        ));
                    };
                    replacements += 1;
                    usize::from(at)
                } else {
                    let at = top;
                    top = top.saturating_sub(1);
                    at
                };
                if pai(at) != Some(drawn) {
                    return Err(differ(
                        i,
                        format!("draw {draws}"),
                        name(drawn),
                        one(pai(at)),
                    ));
                }
                draws += 1;
                replacement = false;
            }
            Event::ClosedKan { .. } | Event::AddedKan { .. } | Event::Kita { .. } => {
                replacement = true;
            }
            Event::Call { kind, .. } => replacement = kind == CallKind::OpenKan,
            Event::Dora { indicator } => {
                indicators += 1;
                let on = dead
                    .dora
                    .get(indicators)
                    .and_then(|&at| pai(usize::from(at)));
                if on != Some(indicator) {
                    return Err(differ(
                        i,
                        format!("dora indicator {indicators}"),
                        name(indicator),
                        one(on),
                    ));
                }
            }
            _ => {}
        }
    }
    for (j, &ura) in k.ura.iter().enumerate() {
        let on = dead.ura.get(j).and_then(|&at| pai(usize::from(at)));
        if on != Some(ura) {
            return Err(differ(
                k.events.len().saturating_sub(1),
                format!("ura indicator {j}"),
                name(ura),
                one(on),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small Tenhou XML game: the shuffle's first wall dealt as Tenhou deals it.
    fn game_of(seed: &str) -> Game {
        let mut shuffle = TenhouShuffle::new(seed).expect("a seed");
        let wall = shuffle.next_wall(Players::Four);
        let id = |i: usize| u32::from(wall.id(i));
        let mut top = wall.len() - 1;
        let mut hands = vec![Vec::new(); 4];
        for round in 0..4 {
            let take = if round < 3 { 4 } else { 1 };
            for hand in &mut hands {
                for _ in 0..take {
                    hand.push(id(top).to_string());
                    top -= 1;
                }
            }
        }
        let dora = id(usize::from(wall.dead().dora[0]));
        let draw = id(top);
        let hai = |s: usize| hands[s].join(",");
        let xml = format!(
            "<mjloggm ver=\"2.3\"><SHUFFLE seed=\"{seed}\" ref=\"\"/><GO type=\"169\" lobby=\"0\"/>\
             <UN n0=\"a\" n1=\"b\" n2=\"c\" n3=\"d\"/><TAIKYOKU oya=\"0\"/>\
             <INIT seed=\"0,0,0,{d0},{d1},{dora}\" ten=\"250,250,250,250\" oya=\"0\" hai0=\"{h0}\" hai1=\"{h1}\" hai2=\"{h2}\" hai3=\"{h3}\"/>\
             <T{draw}/><D{draw}/><RYUUKYOKU ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" type=\"yao9\"/></mjloggm>",
            d0 = wall.dice[0] - 1,
            d1 = wall.dice[1] - 1,
            h0 = hai(0),
            h1 = hai(1),
            h2 = hai(2),
            h3 = hai(3),
        );
        super::super::mjlog::read_with(&xml, true).expect("the record")
    }

    const SEED: &str = "mt19937ar-sha512-n288-base64,";

    fn seed() -> String {
        // 624 words: any bytes make a seed.
        let bytes: Vec<u8> = (0..2496u32).map(|i| (i * 7 + 3) as u8).collect();
        use base64::Engine as _;
        format!(
            "{SEED}{}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        )
    }

    #[test]
    fn walls_ok_a_record_dealt_from_its_seed_is_reproduced() {
        let game = game_of(&seed());
        assert_eq!(reproduce(&game), Walls::Reproduced { kyokus: 1 });
    }

    #[test]
    fn walls_ok_no_seed_or_a_garbled_one_is_said() {
        let mut game = game_of(&seed());
        game.wall_seed = None;
        assert_eq!(reproduce(&game), Walls::NoSeed);
        game.wall_seed = Some("xorshift,1234".into());
        assert_eq!(reproduce(&game), Walls::NoSeed);
        game.wall_seed = Some(format!("{SEED}not base64!"));
        assert_eq!(reproduce(&game), Walls::Unreadable("not base64"));
        game.wall_seed = Some(format!("{SEED}AAAA"));
        assert_eq!(
            reproduce(&game),
            Walls::Unreadable("not 2496 bytes (624 words)")
        );
    }

    #[test]
    fn walls_err_a_changed_draw_or_deal_is_found() {
        let mut game = game_of(&seed());
        let k = &mut game.kyokus[0];
        let Event::Draw { pai, .. } = &mut k.events[0] else {
            panic!("a draw first")
        };
        let other = k.hands[1][0];
        let drawn = *pai;
        *pai = other;
        match reproduce(&game) {
            Walls::Differ(d) => {
                assert_eq!((d.index, d.event, d.what.as_str()), (0, 0, "draw 0"));
            }
            w => panic!("{w:?}"),
        }
        // Two tiles swapped between seats: the deal differs.
        let k = &mut game.kyokus[0];
        k.events[0] = Event::Draw {
            seat: 0,
            pai: drawn,
        };
        let (a, b) = (k.hands[0][0], k.hands[1][0]);
        if a != b {
            k.hands[0][0] = b;
            k.hands[1][0] = a;
            match reproduce(&game) {
                Walls::Differ(d) => assert_eq!(d.what, "seat 0's deal"),
                w => panic!("{w:?}"),
            }
        }
    }
}
