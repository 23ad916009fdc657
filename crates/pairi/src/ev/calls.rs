//! Calls (鳴き) valued in the model: a hand waiting to draw is offered another player's
//! discard, and each way to answer (pass, pon, chi, open kong) is searched as the
//! position it leaves.
//!
//! Passing leaves the hand as it is, the offered tile out of the wall, to draw at the
//! next turn. A chi or a pon takes the tile into an open meld and the hand discards at
//! once, with no draw: a hand of 14 − 3k tiles at the same turn, whose discards are
//! valued as any other's, less those the call forbids (swap-calling, 喰い替え). An open
//! kong takes it with three of the hand's tiles and draws a replacement: a hand of
//! 13 − 3k tiles with one draw more than the turn gives, its values read a turn earlier
//! (the replacement win, 嶺上開花, and the kong's new dora indicator are not modelled).
//! An open hand cannot declare riichi and wins only with a yaku, as the scorer decides.

use super::{evaluate_with, DiscardValue, EvError, Evaluation, Maximize, Options, Setup};
use crate::hand::{Hand, HandSize, Meld, MeldKind, Source};
use crate::riichi::rules::Players;
use crate::tile::{Pai, Tile, TileSet};
use crate::util::Stop;

/// A call on another player's discard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Call {
    /// チー: a run with the discard of the player on the left.
    Chi,
    /// ポン: a triplet.
    Pon,
    /// 大明槓: a kong with three of the hand's tiles.
    Kan,
}

impl Call {
    /// The name used in JSON: `chi`, `pon`, `kan`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Call::Chi => "chi",
            Call::Pon => "pon",
            Call::Kan => "kan",
        }
    }
}

/// One answer to an offered tile, valued in the model.
#[derive(Clone, Debug, PartialEq)]
pub struct CallValue {
    /// The call; `None` for passing.
    pub call: Option<Call>,
    /// The meld the call makes.
    pub meld: Option<Meld>,
    /// The hand's tiles it takes (two for a chi or a pon, three for a kong).
    pub taken: Vec<Pai>,
    /// The turn its values are read at: the setup's, a turn earlier after a kong.
    pub turn: u8,
    /// Passing or a kong: the hand waiting to draw, one entry; a chi or a pon: each
    /// discard that may follow.
    pub evaluation: Evaluation,
}

impl CallValue {
    /// The entry of greatest `metric` at [`CallValue::turn`] (the first of equals): the
    /// hand itself, or the best discard after the call.
    #[must_use]
    pub fn best(&self, metric: Maximize) -> Option<&DiscardValue> {
        let at = |d: &DiscardValue| d.at(metric, self.turn);
        self.evaluation
            .discards
            .iter()
            .fold(None, |best: Option<&DiscardValue>, d| match best {
                Some(b) if at(b) >= at(d) => Some(b),
                _ => Some(d),
            })
    }
}

/// The discards a call forbids next (喰い替え, swap-calling): the kind called, and
/// after a chi with the called tile at one end of the run, the kind beyond the other end
/// (a chi of 3m with 4m5m forbids 3m and 6m; of 4m with 3m5m, 4m only). Tenhou and
/// Mahjong Soul forbid both (docs/riichi-rules.md).
#[must_use]
pub fn swap_call_discards(call: Call, called: Tile, taken: &[Tile]) -> TileSet {
    let mut out = TileSet::EMPTY;
    out.insert(called);
    if call == Call::Chi && !called.is_honor() {
        let mut own: Vec<u8> = taken.iter().map(|t| t.as_u8()).collect();
        own.sort_unstable();
        let c = called.as_u8();
        let beyond = match own[..] {
            [a, b] if c + 1 == a && a + 1 == b && b % 9 < 8 => Some(b + 1),
            [a, b] if a + 1 == b && b + 1 == c && a % 9 > 0 => Some(a - 1),
            _ => None,
        };
        if let Some(k) = beyond {
            out.insert(Tile::new_unchecked(k));
        }
    }
    out
}

/// Every way to answer `offered`, discarded by the player `from` (a chi only from the
/// left, and not with three players): passing first, then each pon, kong and chi the
/// hand can make (one per choice of red fives among the tiles it takes), each searched
/// under `options` as its position. A call that leaves no discard allowed is not
/// listed.
///
/// # Errors
///
/// [`EvError::CallHand`] when the hand does not wait to draw (14 − 3k tiles), and the
/// errors of [`evaluate_with`] for each search.
pub fn calls(
    setup: &Setup,
    options: &Options,
    offered: Pai,
    from: Source,
    stop: &Stop,
) -> Result<Vec<CallValue>, EvError> {
    if setup.hand.size()? != HandSize::Waiting {
        return Err(EvError::CallHand);
    }
    let mut pass = setup.clone();
    pass.visible.push(offered);
    let mut out = vec![CallValue {
        call: None,
        meld: None,
        taken: Vec::new(),
        turn: setup.turn,
        evaluation: evaluate_with(&pass, options, &mut |_| {}, stop)?,
    }];
    let held = setup.hand.concealed_pais();
    let t = offered.tile();
    let mut ways: Vec<(Call, Vec<Pai>)> = Vec::new();
    // The sets: which copies of the kind, red or not, join the offered tile.
    let copies: Vec<Pai> = held.iter().copied().filter(|p| p.tile() == t).collect();
    for n in [2usize, 3] {
        let call = if n == 2 { Call::Pon } else { Call::Kan };
        for taken in choices(&copies, n) {
            ways.push((call, taken));
        }
    }
    let chi = from == Source::Left && setup.players == Players::Four && !t.is_honor();
    if chi {
        let i = i16::from(t.as_u8());
        for (a, b) in [(i - 2, i - 1), (i - 1, i + 1), (i + 1, i + 2)] {
            let same_suit = |k: i16| (0..27).contains(&k) && k / 9 == i / 9;
            if !same_suit(a) || !same_suit(b) {
                continue;
            }
            let of = |k: i16| -> Vec<Pai> {
                held.iter()
                    .copied()
                    .filter(|p| i16::from(p.tile().as_u8()) == k)
                    .collect()
            };
            for x in choices(&of(a), 1) {
                for y in choices(&of(b), 1) {
                    ways.push((Call::Chi, [x.clone(), y].concat()));
                }
            }
        }
    }
    for (call, taken) in ways {
        let kind = match call {
            Call::Chi => MeldKind::Chi,
            Call::Pon => MeldKind::Pon,
            Call::Kan => MeldKind::OpenKan,
        };
        let mut tiles = taken.clone();
        tiles.push(offered);
        let meld = Meld::from_tiles(kind, &tiles, Some(t), Some(from))?;
        let mut rest = held.clone();
        for p in &taken {
            if let Some(at) = rest.iter().position(|q| q == p) {
                rest.remove(at);
            }
        }
        let mut melds = setup.hand.melds().to_vec();
        melds.push(meld);
        let mut after = setup.clone();
        after.hand = Hand::from_parts(&rest, melds)?;
        let turn = if call == Call::Kan {
            setup.turn.saturating_sub(1)
        } else {
            setup.turn
        };
        after.turn = turn;
        let mut evaluation = evaluate_with(&after, options, &mut |_| {}, stop)?;
        if call != Call::Kan {
            let own: Vec<Tile> = taken.iter().map(|p| p.tile()).collect();
            let forbidden = swap_call_discards(call, t, &own);
            evaluation
                .discards
                .retain(|d| d.tile.is_some_and(|p| !forbidden.contains(p.tile())));
            if evaluation.discards.is_empty() {
                continue;
            }
        }
        out.push(CallValue {
            call: Some(call),
            meld: Some(meld),
            taken,
            turn,
            evaluation,
        });
    }
    Ok(out)
}

/// The distinct ways to take `n` of `pais` (copies of one or two kinds), as lists: red
/// and black fives are told apart, copies alike are not.
fn choices(pais: &[Pai], n: usize) -> Vec<Vec<Pai>> {
    let red: Vec<Pai> = pais.iter().copied().filter(|p| p.is_red()).collect();
    let black: Vec<Pai> = pais.iter().copied().filter(|p| !p.is_red()).collect();
    let mut out = Vec::new();
    for reds in 0..=n.min(red.len()) {
        if n - reds <= black.len() {
            let mut take = red[..reds].to_vec();
            take.extend_from_slice(&black[..n - reds]);
            out.push(take);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ev::{Model, MAX_TURNS};
    use crate::notation::{parse_hand, parse_tile};

    fn tile(s: &str) -> Tile {
        parse_tile(s).unwrap().tile()
    }

    fn set(tiles: &[&str]) -> TileSet {
        let mut out = TileSet::EMPTY;
        for t in tiles {
            out.insert(tile(t));
        }
        out
    }

    /// A chi at one end of its run forbids the kind beyond the other end too; in the
    /// middle, at the edge of a suit, or a pon, only the kind called.
    #[test]
    fn swap_call_discards_ok_suji_and_kind() {
        let chi = |called: &str, own: [&str; 2]| {
            swap_call_discards(Call::Chi, tile(called), &[tile(own[0]), tile(own[1])])
        };
        assert_eq!(chi("3m", ["4m", "5m"]), set(&["3m", "6m"]));
        assert_eq!(chi("6m", ["4m", "5m"]), set(&["6m", "3m"]));
        assert_eq!(chi("4m", ["3m", "5m"]), set(&["4m"]));
        assert_eq!(chi("7p", ["8p", "9p"]), set(&["7p"]));
        assert_eq!(chi("3s", ["1s", "2s"]), set(&["3s"]));
        let pon = swap_call_discards(Call::Pon, tile("1z"), &[tile("1z"), tile("1z")]);
        assert_eq!(pon, set(&["1z"]));
    }

    fn setup(hand: &str) -> Setup {
        let mut s = Setup::new(parse_hand(hand).unwrap());
        s.turn = 4;
        s.t_max = MAX_TURNS;
        s
    }

    /// Passing comes first, then the pon and the kong; the discards after the pon
    /// leave out the kind called; the kong's values are read a turn earlier.
    #[test]
    fn calls_ok_pass_pon_kan() {
        let options = Options {
            model: Model::Pairi,
            ..Options::default()
        };
        let offered = parse_tile("1z").unwrap();
        let got = calls(
            &setup("23m55p456789s111z"),
            &options,
            offered,
            Source::Opposite,
            &Stop::never(),
        )
        .unwrap();
        let kinds: Vec<Option<Call>> = got.iter().map(|c| c.call).collect();
        assert_eq!(kinds, [None, Some(Call::Pon), Some(Call::Kan)]);
        assert_eq!(got[0].evaluation.discards.len(), 1);
        let pon = &got[1];
        assert_eq!(pon.taken.len(), 2);
        assert!(!pon.evaluation.discards.is_empty());
        assert!(pon
            .evaluation
            .discards
            .iter()
            .all(|d| d.tile.is_some_and(|p| p.tile() != tile("1z"))));
        assert_eq!(got[2].turn, 3);
        for c in &got {
            let best = c.best(Maximize::Score).unwrap();
            let v = best.at(Maximize::Score, c.turn);
            assert!(v.is_finite() && v >= 0.0);
        }
    }

    /// A chi is offered only by the player on the left.
    #[test]
    fn calls_ok_chi_from_the_left_only() {
        let options = Options::default();
        let offered = parse_tile("1m").unwrap();
        let stop = Stop::never();
        let hand = setup("23m55p456789s112z");
        let left = calls(&hand, &options, offered, Source::Left, &stop).unwrap();
        assert_eq!(
            left.iter().map(|c| c.call).collect::<Vec<_>>(),
            [None, Some(Call::Chi)]
        );
        let across = calls(&hand, &options, offered, Source::Opposite, &stop).unwrap();
        assert_eq!(across.len(), 1);
    }

    /// A hand with a tile to discard is not offered a call.
    #[test]
    fn calls_err_hand_with_a_discard() {
        let got = calls(
            &setup("23m55p456789s1112z"),
            &Options::default(),
            parse_tile("1z").unwrap(),
            Source::Opposite,
            &Stop::never(),
        );
        assert_eq!(got, Err(EvError::CallHand));
    }
}
