//! A Tenhou record's walls reproduced from its shuffle seed.
//!
//! A Tenhou XML log keeps the seed of the game's shuffle (`<SHUFFLE seed>`); Tenhou's
//! published algorithm ([`TenhouShuffle`]) turns it into every kyoku's wall, in order.
//! [`reproduce`] deals each kyoku from that wall and follows it draw by draw: the
//! record's deals, its draws from the live wall and from the dead wall (after a kong or
//! a kita), its dora indicators and its ura indicators must be the wall's tiles at
//! their places. A record that passes is the game Tenhou dealt; one that does not was
//! changed, or cut and joined from other games.

use super::on_table::{each_shown, Place, Shown, WallMismatch};
use super::{Game, Kyoku};
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

/// Why the walk of a kyoku's tiles stopped.
enum Stopped {
    /// A tile that is not the wall's.
    Differ(WallDifference),
    /// More tiles than a wall holds, or a short deal.
    Shape(WallMismatch),
}

impl From<WallMismatch> for Stopped {
    fn from(m: WallMismatch) -> Stopped {
        Stopped::Shape(m)
    }
}

/// The first place where kyoku `k` is not dealt and drawn from `wall`: each tile the
/// record shows ([`each_shown`]) against the wall's tile at its place, a seat's deal
/// as a whole (a record lists a hand in its own order).
fn kyoku_on_wall(
    wall: &KyokuWall,
    k: &Kyoku,
    players: Players,
    red: RedFives,
) -> Result<(), WallDifference> {
    let on_wall = |slot: usize| pai_of_id(wall.id(slot), red);
    let differ = |event: usize, what: String, record: String, wall: String| {
        Stopped::Differ(WallDifference {
            index: 0,
            kyoku: k.label(),
            event,
            what,
            record,
            wall,
        })
    };
    let one = |p: Option<Pai>| p.map_or_else(|| "?".to_owned(), name);
    let n = usize::from(players.count());
    let mut deal: Vec<(Vec<Pai>, Vec<Pai>)> = vec![(Vec::new(), Vec::new()); n];
    let mut dealt = false;
    let (mut draws, mut replacements) = (0, 0);
    let walked = each_shown(k, players, |t: Shown| {
        let what = match t.place {
            Place::Deal(seat) => {
                deal[seat].0.push(t.pai);
                deal[seat].1.extend(on_wall(t.slot));
                return Ok(());
            }
            Place::Dora => "the dora indicator".to_owned(),
            Place::Draw => {
                draws += 1;
                format!("draw {}", draws - 1)
            }
            Place::Replacement => {
                replacements += 1;
                format!("replacement draw {}", replacements - 1)
            }
            Place::KongDora => "a kong's dora indicator".to_owned(),
            Place::Ura => "an ura indicator".to_owned(),
        };
        if !dealt {
            dealt = true;
            for (seat, (record, wall)) in deal.iter_mut().enumerate() {
                record.sort_unstable();
                wall.sort_unstable();
                if record != wall {
                    return Err(differ(
                        0,
                        format!("seat {seat}'s deal"),
                        names(record),
                        names(wall),
                    ));
                }
            }
        }
        let there = on_wall(t.slot);
        if there == Some(t.pai) {
            Ok(())
        } else {
            Err(differ(t.event, what, name(t.pai), one(there)))
        }
    });
    match walked {
        Ok(()) => Ok(()),
        Err(Stopped::Differ(d)) => Err(d),
        Err(Stopped::Shape(m)) => Err(WallDifference {
            index: 0,
            kyoku: k.label(),
            event: k.events.len().saturating_sub(1),
            what: "the record's tiles".into(),
            record: m.to_string(),
            wall: "a wall's tiles".into(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Event;

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
