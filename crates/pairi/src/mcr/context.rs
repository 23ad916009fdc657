//! The situation of a win (和牌): the winning tile, how it was obtained, the wall and
//! table facts that make fans, flowers and winds; and the checks that reject a situation
//! that cannot happen at a table.
//!
//! Rules restated from the Chinese Mahjong Competition Rules (1998) and the MIL Green
//! Book (2006): a kong is robbed (抢杠和) only when another player adds the fourth copy of
//! a kind to a melded pung, so the winner holds no other copy of it, and it cannot happen
//! on the last tile of the wall (no kong may be declared then); a replacement tile
//! (杠上开花) only follows a kong of one's own; a last tile (和绝张) is the fourth copy of a
//! kind with the other three already shown, so the winner holds no other copy of it in
//! the concealed hand, and it is certain when the winner's own melds show the three.

use crate::error::ErrorKind;
use crate::hand::{Hand, HandError, HandSize, MeldKind};
use crate::tile::{Tile, TileCounts, Wind};

/// How the winning tile was obtained.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum WinSource {
    /// Claimed from another player's discard (点和).
    #[default]
    Discard,
    /// Drawn from the wall (自摸).
    SelfDrawn,
    /// Drawn as the replacement tile after one's own kong (杠上开花): a self-draw.
    ReplacementTile,
    /// Taken from another player's added kong (抢杠和): a claim, like a discard.
    RobbingTheKong,
}

impl WinSource {
    /// Whether the winner drew the tile (self-drawn or a replacement tile).
    #[must_use]
    pub const fn is_self_drawn(self) -> bool {
        matches!(self, WinSource::SelfDrawn | WinSource::ReplacementTile)
    }

    /// The source described by the JSON flags: `tsumo`, and `kong` (with `tsumo` a
    /// replacement tile, without it robbing the kong).
    #[must_use]
    pub const fn from_flags(tsumo: bool, kong: bool) -> WinSource {
        match (tsumo, kong) {
            (false, false) => WinSource::Discard,
            (true, false) => WinSource::SelfDrawn,
            (true, true) => WinSource::ReplacementTile,
            (false, true) => WinSource::RobbingTheKong,
        }
    }
}

/// Everything about a win besides the tiles: the situation fans, flowers and winds.
///
/// `last_of_wall` is the last tile of the wall: 妙手回春 when self-drawn, 海底捞月 on the
/// discard that follows it. `fourth_tile` is 和绝张: the three other copies of the
/// winning tile were already shown. Flowers count one point each, 0 to 8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WinContext {
    /// The winning tile.
    pub win: Tile,
    /// How it was obtained.
    pub source: WinSource,
    /// Whether it was the last tile of the wall (or the discard after it).
    pub last_of_wall: bool,
    /// Whether it was the last copy of its kind (和绝张).
    pub fourth_tile: bool,
    /// Flower and season tiles, 0 to 8.
    pub flowers: u8,
    /// The prevalent (round) wind.
    pub round_wind: Wind,
    /// The winner's seat wind.
    pub seat_wind: Wind,
}

impl WinContext {
    /// A win on a discard of `win`, East round, East seat, no flowers and no special
    /// situation.
    #[must_use]
    pub const fn new(win: Tile) -> WinContext {
        WinContext {
            win,
            source: WinSource::Discard,
            last_of_wall: false,
            fourth_tile: false,
            flowers: 0,
            round_wind: Wind::East,
            seat_wind: Wind::East,
        }
    }

    /// With the winning tile's source.
    #[must_use]
    pub const fn with_source(mut self, source: WinSource) -> WinContext {
        self.source = source;
        self
    }

    /// With the winds.
    #[must_use]
    pub const fn with_winds(mut self, round: Wind, seat: Wind) -> WinContext {
        self.round_wind = round;
        self.seat_wind = seat;
        self
    }

    /// With a number of flowers.
    #[must_use]
    pub const fn with_flowers(mut self, flowers: u8) -> WinContext {
        self.flowers = flowers;
        self
    }

    /// As the last tile of the wall.
    #[must_use]
    pub const fn on_last_tile_of_wall(mut self) -> WinContext {
        self.last_of_wall = true;
        self
    }

    /// As the last copy of its kind.
    #[must_use]
    pub const fn on_fourth_tile(mut self) -> WinContext {
        self.fourth_tile = true;
        self
    }
}

/// A situation that cannot happen at a table (`invalid_hand`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SituationError {
    /// More than eight flowers.
    #[error("{0} flowers: there are 8 flower and season tiles")]
    TooManyFlowers(u8),
    /// A full hand with the winning tile written needs the tile among its concealed tiles.
    #[error("the winning tile {0} is not among the concealed tiles")]
    WinNotInHand(Tile),
    /// Robbing a kong needs the robbed tile to be the fourth copy: the winner holds none.
    #[error("robbing the kong on {0}: the winner holds another copy of it")]
    RobbingHeldTile(Tile),
    /// No kong is declared on the last tile of the wall, so none can be robbed then.
    #[error("robbing the kong cannot happen on the last tile of the wall")]
    RobbingOnLastTile,
    /// A replacement tile is drawn only after one's own kong.
    #[error("out with replacement tile without a kong")]
    ReplacementWithoutKong,
    /// The last copy of a kind cannot be won when another copy is in the concealed hand.
    #[error("last tile (和绝张) on {0}: the concealed hand holds another copy")]
    FourthTileHeld(Tile),
}

/// Why a hand could not be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FanError {
    /// Tile counts or melds that break the rules (`invalid_hand`).
    #[error(transparent)]
    Hand(#[from] HandError),
    /// An impossible situation (`invalid_hand`).
    #[error(transparent)]
    Situation(#[from] SituationError),
    /// The hand is not complete in any form (`not_winning`).
    #[error("not a winning hand")]
    NotWinning,
}

impl FanError {
    /// The JSON error kind: invalid hand or not winning.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        match self {
            FanError::Hand(_) | FanError::Situation(_) => ErrorKind::InvalidHand,
            FanError::NotWinning => ErrorKind::NotWinning,
        }
    }
}

/// A checked win: the concealed tiles with the winning tile, and the context with the
/// facts that follow from the tiles filled in.
#[derive(Clone, Debug)]
pub(crate) struct CheckedWin {
    /// Concealed tiles, the winning tile included (14 − 3k).
    pub(crate) concealed: TileCounts,
    /// Every tile of the hand, melds included (a kong counts four).
    pub(crate) all: TileCounts,
    /// The context, `fourth_tile` set when the winner's melds show three copies.
    pub(crate) ctx: WinContext,
}

/// Checks a hand and its situation and adds the winning tile to a waiting hand.
///
/// The hand may hold 13 − 3k concealed tiles (the winning tile is added) or 14 − 3k with
/// the winning tile among them. MCR has no red fives: red marks are read as fives (a
/// suit cannot hold more red fives than fives, so copies are all there is to check).
pub(crate) fn check(hand: &Hand, ctx: &WinContext) -> Result<CheckedWin, FanError> {
    let mut concealed = *hand.concealed();
    match hand.size()? {
        HandSize::Waiting => concealed.add(ctx.win),
        HandSize::Drawn => {
            if concealed.get(ctx.win) == 0 {
                return Err(SituationError::WinNotInHand(ctx.win).into());
            }
        }
    }
    let mut all = concealed;
    for m in hand.melds() {
        for t in m.tiles() {
            all.add(t);
        }
    }
    if let Some((tile, count)) = all.iter().find(|&(_, c)| c > 4) {
        return Err(HandError::TooManyCopies {
            tile,
            count: u32::from(count),
        }
        .into());
    }
    if ctx.flowers > 8 {
        return Err(SituationError::TooManyFlowers(ctx.flowers).into());
    }
    let win = ctx.win;
    let in_melds = all.get(win) - concealed.get(win);
    match ctx.source {
        WinSource::RobbingTheKong => {
            if all.get(win) != 1 {
                return Err(SituationError::RobbingHeldTile(win).into());
            }
            if ctx.last_of_wall {
                return Err(SituationError::RobbingOnLastTile.into());
            }
        }
        WinSource::ReplacementTile => {
            if !hand.melds().iter().any(|m| m.kind().is_kan()) {
                return Err(SituationError::ReplacementWithoutKong.into());
            }
        }
        WinSource::Discard | WinSource::SelfDrawn => {}
    }
    let mut ctx = *ctx;
    if ctx.fourth_tile && concealed.get(win) != 1 {
        return Err(SituationError::FourthTileHeld(win).into());
    }
    // Three copies in one's own melds (a melded pung): the winning tile is the fourth.
    if in_melds == 3 && hand.melds().iter().any(|m| m.kind() != MeldKind::Chi) {
        ctx.fourth_tile = true;
    }
    Ok(CheckedWin {
        concealed,
        all,
        ctx,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;
    use crate::t;

    fn ctx(win: Tile) -> WinContext {
        WinContext::new(win)
    }

    #[test]
    fn check_ok_adds_win_to_waiting_hand() {
        let h = parse_hand("123m456p789s1122z").unwrap();
        let c = check(&h, &ctx(t!(1z))).unwrap();
        assert_eq!(c.concealed.total(), 14);
        assert_eq!(c.concealed.get(t!(1z)), 3);
    }

    #[test]
    fn check_err_win_not_in_drawn_hand() {
        let h = parse_hand("123m456p789s11222z").unwrap();
        assert_eq!(
            check(&h, &ctx(t!(3z))).unwrap_err(),
            FanError::Situation(SituationError::WinNotInHand(t!(3z)))
        );
    }

    #[test]
    fn check_err_five_copies_with_win() {
        let h = parse_hand("1111m456p789s222z").unwrap();
        let e = check(&h, &ctx(t!(1m))).unwrap_err();
        assert_eq!(e.kind(), "invalid_hand");
        assert!(matches!(e, FanError::Hand(HandError::TooManyCopies { .. })));
    }

    #[test]
    fn check_err_wrong_tile_count() {
        let h = parse_hand("123m456p789s1z").unwrap();
        assert!(matches!(
            check(&h, &ctx(t!(1z))).unwrap_err(),
            FanError::Hand(HandError::WrongTileCount { .. })
        ));
    }

    #[test]
    fn check_err_too_many_flowers() {
        let h = parse_hand("123m456p789s11222z").unwrap();
        let e = check(&h, &ctx(t!(2z)).with_flowers(9)).unwrap_err();
        assert_eq!(e, SituationError::TooManyFlowers(9).into());
    }

    #[test]
    fn check_err_robbing_held_tile() {
        let h = parse_hand("123m456p789s11z223m").unwrap();
        let c = ctx(t!(3m)).with_source(WinSource::RobbingTheKong);
        assert_eq!(
            check(&h, &c).unwrap_err(),
            SituationError::RobbingHeldTile(t!(3m)).into()
        );
        // A copy in a meld counts as held too.
        let h = parse_hand("456p789s11z23m[345m]").unwrap();
        let c = ctx(t!(4m)).with_source(WinSource::RobbingTheKong);
        assert!(check(&h, &c.with_source(WinSource::RobbingTheKong)).is_err());
        let c = ctx(t!(1m)).with_source(WinSource::RobbingTheKong);
        assert!(check(&h, &c).is_ok());
    }

    #[test]
    fn check_err_robbing_on_last_tile() {
        let h = parse_hand("123m456p789s11z23m").unwrap();
        let c = ctx(t!(4m))
            .with_source(WinSource::RobbingTheKong)
            .on_last_tile_of_wall();
        assert_eq!(
            check(&h, &c).unwrap_err(),
            SituationError::RobbingOnLastTile.into()
        );
    }

    #[test]
    fn check_err_replacement_without_kong() {
        let h = parse_hand("123m456p789s11z234m").unwrap();
        let c = ctx(t!(4m)).with_source(WinSource::ReplacementTile);
        assert_eq!(
            check(&h, &c).unwrap_err(),
            SituationError::ReplacementWithoutKong.into()
        );
        let h = parse_hand("456p789s11z234m[NNNN]").unwrap();
        assert!(check(&h, &c).is_ok());
    }

    #[test]
    fn check_err_fourth_tile_held() {
        let h = parse_hand("123m456p789s11z22z").unwrap();
        let c = ctx(t!(2z)).on_fourth_tile();
        assert_eq!(
            check(&h, &c).unwrap_err(),
            SituationError::FourthTileHeld(t!(2z)).into()
        );
    }

    #[test]
    fn check_ok_fourth_tile_implied_by_own_pung() {
        let h = parse_hand("123m456p11z345m[555m]").unwrap();
        let c = check(&h, &ctx(t!(5m))).unwrap();
        assert!(c.ctx.fourth_tile);
        let h = parse_hand("123m456p11z345m[456m]").unwrap();
        assert!(!check(&h, &ctx(t!(5m))).unwrap().ctx.fourth_tile);
    }

    #[test]
    fn wind_ok_round_trip() {
        for w in Wind::ALL {
            assert_eq!(Wind::from_tile(w.tile()), Some(w));
            assert_eq!(crate::notation::parse_wind(&w.letter().to_string()), Ok(w));
        }
        assert_eq!(Wind::from_tile(t!(P)), None);
    }

    #[test]
    fn source_ok_from_flags() {
        assert_eq!(
            WinSource::from_flags(true, true),
            WinSource::ReplacementTile
        );
        assert_eq!(
            WinSource::from_flags(false, true),
            WinSource::RobbingTheKong
        );
        assert!(WinSource::ReplacementTile.is_self_drawn());
        assert!(!WinSource::RobbingTheKong.is_self_drawn());
    }
}
