//! Scoring a winning hand: checks, the best reading, limits and payments.
//!
//! Points follow the standard table (riichi.wiki "Scoring", EMA and WRC rule books):
//! basic points = fu × 2^(2 + han), capped at mangan (2000); 5 han mangan, 6–7
//! haneman (3000), 8–10 baiman (4000), 11–12 sanbaiman (6000), yakuman 8000 per
//! yakuman, 13+ han kazoe (a yakuman or a sanbaiman by rule). A ron pays 4× basic
//! (6× to the dealer), a self-draw 1× from each non-dealer and 2× from the dealer (2×
//! from each when the dealer wins), each payment rounded up to 100. Each honba adds 300
//! to a ron and 100 to each self-draw payment. Riichi sticks on the table (1000 each)
//! go to the winner and are reported apart from the payments.
//!
//! With three players ([`Players::Three`]) a self-draw has two payers, each paying as
//! with four (tsumo loss, ツモ損) or also half the missing share (北家折半, by rule); a
//! ron's honba is 100 per player who would have paid a self-draw (200).
//!
//! Among every reading and every wait the winning tile can take, the one with the
//! highest total payment is chosen; ties go to a real yakuman over a counted one (数え
//!役満 at the same payment reads as the yakuman, as Tenhou and the `mahjong` package
//! report it), then to more yakuman, more han, more fu.
//!
//! Payments use saturating arithmetic: no counter can overflow them (requests bound
//! honba and riichi sticks far below that anyway).

use super::context::Riichi;
use super::context::{FirstTurn, Impossible, TsumoEvent, WinContext, WinMethod};
use super::fu::{self, Fu};
use super::rules::{KazoeLimit, OpenKanDora, PaoHonba, Players, Renhou, Rules, ThreePlayerTsumo};
use super::yaku::{self, Found, HandFacts, Yaku, YakuList, YakuValue};
use super::ScoreError;
use crate::decompose::{decompose_each, Family, Reading, WaitShape, WinReading};
use crate::hand::MeldKind;
use crate::hand::{Hand, HandSize};
use crate::tile::{Suit, Tile, Wind};
use crate::wall::Wall;

/// A hand value above the fu/han table (満貫 and up).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Limit {
    /// 満貫: 2000 basic points.
    Mangan,
    /// 跳満: 3000.
    Haneman,
    /// 倍満: 4000.
    Baiman,
    /// 三倍満: 6000.
    Sanbaiman,
    /// 役満: 8000 per yakuman.
    Yakuman,
    /// 数え役満: 13+ han from ordinary yaku, one yakuman.
    KazoeYakuman,
}

impl Limit {
    /// The JSON id.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
            Limit::KazoeYakuman => "kazoe_yakuman",
        }
    }
}

/// Who pays what, honba included.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Payments {
    /// A ron: the discarder pays all.
    Ron {
        /// The discarder's payment.
        discarder: u32,
    },
    /// The dealer's self-draw: every other player pays the same.
    DealerTsumo {
        /// Each player's payment.
        each: u32,
    },
    /// A non-dealer's self-draw.
    Tsumo {
        /// The dealer's payment.
        dealer: u32,
        /// Each other non-dealer's payment.
        non_dealer: u32,
    },
}

/// The full result of scoring a hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Score {
    /// Han, dora included; 0 for a yakuman (the kazoe han for a kazoe yakuman).
    pub han: u8,
    /// Fu of the chosen reading (also given for yakuman, where it does not matter).
    pub fu: u8,
    /// Number of yakuman (a double yakuman counts 2; a kazoe yakuman 1).
    pub yakuman: u8,
    /// The yaku with their han (or yakuman multipliers), dora kinds last.
    pub yaku: YakuList,
    /// The fu items.
    pub fu_detail: Fu,
    /// The limit reached, if any.
    pub limit: Option<Limit>,
    /// Basic points (基本点) before multiplying.
    pub basic_points: u32,
    /// Payments per payer, honba included.
    pub payments: Payments,
    /// What the winner receives from the other players (riichi sticks excluded).
    pub total: u32,
    /// Riichi sticks collected from the table, in points.
    pub riichi_sticks: u32,
    /// The chosen reading.
    pub reading: Reading,
    /// The wait the winning tile took in it.
    pub wait: WaitShape,
}

/// Basic points (基本点) of a mangan (満貫), the cap of an ordinary hand.
pub const MANGAN: u32 = 2000;
/// Basic points of a haneman (跳満), 6–7 han.
pub const HANEMAN: u32 = 3000;
/// Basic points of a baiman (倍満), 8–10 han.
pub const BAIMAN: u32 = 4000;
/// Basic points of a sanbaiman (三倍満), 11–12 han.
pub const SANBAIMAN: u32 = 6000;
/// Basic points of one yakuman (役満).
pub const YAKUMAN: u32 = 8000;
/// The han from which ordinary yaku count as a kazoe limit (数え役満).
pub const KAZOE_HAN: u8 = 13;
/// Points a riichi stick (供託) is worth to the winner.
pub const RIICHI_STICK: u32 = 1000;
/// Points each payer adds per honba counter (積み棒): a ron's discarder pays it once per
/// player who would have paid a self-draw (300 with four players).
pub const HONBA_PER_PAYER: u32 = 100;
/// A ron pays basic points × 6 to the dealer, × 4 to a non-dealer.
const RON_DEALER: u32 = 6;
/// See [`RON_DEALER`].
const RON_NON_DEALER: u32 = 4;
/// On a self-draw the dealer pays, or every player pays the winning dealer, basic × 2.
const TSUMO_DEALER_SHARE: u32 = 2;

/// Scores a winning hand.
///
/// `hand` holds every concealed tile, the winning tile included, and the melds.
///
/// # Errors
///
/// [`ScoreError::Hand`] or [`ScoreError::Impossible`] (`invalid_hand`) for a hand or
/// situation that cannot occur; [`ScoreError::NotWinning`] when no reading completes
/// the hand; [`ScoreError::NoYaku`] when it is complete but has no yaku.
pub fn score(hand: &Hand, ctx: &WinContext, rules: &Rules) -> Result<Score, ScoreError> {
    // The wall of the rules is made once, for the checks and the dora.
    let wall = rules.wall();
    check(hand, ctx, rules, &wall)?;
    score_in(hand, ctx, rules, &wall)
}

/// [`score`] without the checks of the hand against the situation, for hands the library
/// builds itself from a checked one (the wins of [`crate::ev`], whose model counts no
/// kong dora, so its kongs may outnumber the indicators).
pub(crate) fn score_unchecked(
    hand: &Hand,
    ctx: &WinContext,
    rules: &Rules,
) -> Result<Score, ScoreError> {
    score_in(hand, ctx, rules, &rules.wall())
}

/// [`score_unchecked`] with the wall of `rules` already made.
fn score_in(
    hand: &Hand,
    ctx: &WinContext,
    rules: &Rules,
    wall: &Wall,
) -> Result<Score, ScoreError> {
    let facts = HandFacts::new(hand);
    let dora = Dora::count(&facts, ctx, rules, wall);
    let win_tile = ctx.win.tile();
    let mut complete = false;
    let mut best: Option<Best> = None;
    // Each reading is weighed as the decomposition finds it, in the order it lists
    // them: the first of equal keys stays. Only the fu total and the set of yaku are
    // counted for each; the lists of the one chosen are made at the end.
    decompose_each(hand.concealed(), hand.melds(), Family::Riichi, |reading| {
        complete = true;
        for wait in reading.waits(win_tile) {
            let win = WinReading { reading, wait };
            if let Some(b) = weigh(&win, &facts, dora, ctx, rules) {
                if best.as_ref().is_none_or(|x| b.value.key() > x.value.key()) {
                    best = Some(Best {
                        reading: *reading,
                        ..b
                    });
                }
            }
        }
    });
    if !complete {
        return Err(ScoreError::NotWinning);
    }
    let Some(best) = &best else {
        return Err(ScoreError::NoYaku);
    };
    Ok(best.score(dora, ctx))
}

/// A (reading, wait) weighed: its yaku, fu and value. The reading is copied only into
/// the best so far.
struct Best {
    found: Found,
    fu: Fu,
    value: Value,
    reading: Reading,
    wait: WaitShape,
}

/// The yaku, fu and value of one (reading, wait); `None` when it has no yaku (its fu
/// are then not counted).
#[inline]
fn weigh(
    win: &WinReading<'_>,
    facts: &HandFacts,
    dora: Dora,
    ctx: &WinContext,
    rules: &Rules,
) -> Option<Best> {
    let found = yaku::find(win, facts, ctx, rules);
    if found.yakuman == 0 && found.han == 0 && !renhou_mangan(ctx, rules) {
        return None;
    }
    let fu = fu::count(win, facts.closed, ctx, rules);
    Some(Best {
        found,
        value: value(&found, fu.total, dora, ctx, rules),
        fu,
        reading: Reading::default(),
        wait: win.wait,
    })
}

impl Best {
    /// The full score of the reading chosen: its yaku listed.
    fn score(&self, dora: Dora, ctx: &WinContext) -> Score {
        let v = self.value;
        let mut yaku = YakuList::new();
        if v.renhou {
            // Renhou as a mangan replaces a smaller hand value.
            yaku.push(YakuValue {
                yaku: Yaku::Renhou,
                value: 5,
            });
        } else {
            yaku = self.found.list();
            if self.found.yakuman == 0 && self.found.han > 0 {
                for (kind, n) in [
                    (Yaku::Dora, dora.dora),
                    (Yaku::AkaDora, dora.aka),
                    (Yaku::UraDora, dora.ura),
                    (Yaku::Kita, dora.kita),
                ] {
                    if n > 0 {
                        yaku.push(YakuValue {
                            yaku: kind,
                            value: n,
                        });
                    }
                }
            }
        }
        Score {
            han: v.han,
            fu: v.fu,
            yakuman: v.yakuman,
            yaku,
            fu_detail: self.fu,
            limit: v.limit,
            basic_points: v.basic,
            payments: v.payments,
            total: v.total,
            riichi_sticks: RIICHI_STICK.saturating_mul(ctx.riichi_sticks),
            reading: self.reading,
            wait: self.wait,
        }
    }
}

/// Dora han of the hand (the same for every reading).
#[derive(Clone, Copy, Debug)]
struct Dora {
    dora: u8,
    aka: u8,
    ura: u8,
    kita: u8,
}

impl Dora {
    fn count(facts: &HandFacts, ctx: &WinContext, rules: &Rules, wall: &Wall) -> Dora {
        // North tiles set aside are the player's own: dora and ura count on them too.
        let kita = ctx.kita;
        let per = |indicators: &[crate::tile::Pai]| -> u8 {
            indicators
                .iter()
                .map(|p| {
                    let dora = wall.dora_from_indicator(p.tile());
                    facts.all.get(dora) + if dora == Tile::NORTH { kita } else { 0 }
                })
                .sum()
        };
        let aka = if rules.red_fives.total() == 0 {
            0
        } else {
            facts.red.iter().sum()
        };
        Dora {
            dora: per(&ctx.dora),
            aka,
            ura: if ctx.riichi == Riichi::None {
                0
            } else {
                per(&ctx.ura)
            },
            kita,
        }
    }
}

/// Whether renhou is won as a mangan: a hand without another yaku still scores.
fn renhou_mangan(ctx: &WinContext, rules: &Rules) -> bool {
    ctx.first_turn == FirstTurn::Renhou && rules.renhou == Renhou::Mangan
}

/// What a reading with a yaku (or won by renhou as a mangan) is worth.
#[derive(Clone, Copy, Debug)]
struct Value {
    han: u8,
    fu: u8,
    yakuman: u8,
    limit: Option<Limit>,
    basic: u32,
    payments: Payments,
    total: u32,
    /// Renhou as a mangan replaces the yaku.
    renhou: bool,
}

impl Value {
    /// The order of readings: payment, then a real yakuman, more yakuman, han, fu; one
    /// number, compared at once.
    fn key(&self) -> u64 {
        let real_yakuman = self.limit == Some(Limit::Yakuman);
        u64::from(self.total) << 32
            | u64::from(real_yakuman) << 24
            | u64::from(self.yakuman) << 16
            | u64::from(self.han) << 8
            | u64::from(self.fu)
    }
}

/// The value of a reading's yaku `found` and fu `fu`, dora counted.
fn value(found: &Found, fu: u8, dora: Dora, ctx: &WinContext, rules: &Rules) -> Value {
    let mut han = 0u8;
    let mut yakuman = found.yakuman;
    let mut renhou = false;
    let limit;
    let basic;
    if yakuman > 0 {
        basic = YAKUMAN.saturating_mul(u32::from(yakuman));
        limit = Some(Limit::Yakuman);
    } else {
        han = found.han;
        if found.han > 0 {
            for n in [dora.dora, dora.aka, dora.ura, dora.kita] {
                han = han.saturating_add(n);
            }
        }
        let (b, l) = basic_points(han, fu, rules);
        if renhou_mangan(ctx, rules) && b < MANGAN {
            renhou = true;
            han = 5;
            basic = MANGAN;
            limit = Some(Limit::Mangan);
        } else {
            basic = b;
            limit = l;
            if l == Some(Limit::KazoeYakuman) {
                yakuman = 1;
            }
        }
    }
    let (payments, total) = pay(basic, ctx, rules);
    Value {
        han,
        fu,
        yakuman,
        limit,
        basic,
        payments,
        total,
        renhou,
    }
}

/// Basic points and limit of an ordinary hand.
#[must_use]
pub fn basic_points(han: u8, fu: u8, rules: &Rules) -> (u32, Option<Limit>) {
    match han {
        KAZOE_HAN.. => match rules.kazoe {
            KazoeLimit::Yakuman => (YAKUMAN, Some(Limit::KazoeYakuman)),
            KazoeLimit::Sanbaiman => (SANBAIMAN, Some(Limit::Sanbaiman)),
        },
        11..=12 => (SANBAIMAN, Some(Limit::Sanbaiman)),
        8..=10 => (BAIMAN, Some(Limit::Baiman)),
        6..=7 => (HANEMAN, Some(Limit::Haneman)),
        5 => (MANGAN, Some(Limit::Mangan)),
        _ => {
            // fu × 2^(2 + han); at most 4 han here.
            let basic = u32::from(fu) << (2 + han);
            let kiriage = rules.kiriage && matches!((han, fu), (4, 30) | (3, 60));
            if basic >= MANGAN || kiriage {
                (MANGAN, Some(Limit::Mangan))
            } else {
                (basic, None)
            }
        }
    }
}

/// What the winner receives from the other players for `basic` points in situation
/// `ctx` (honba included, riichi sticks not): the total of [`score`] for a hand of
/// those basic points.
#[must_use]
pub fn total_for(basic: u32, ctx: &WinContext, rules: &Rules) -> u32 {
    pay(basic, ctx, rules).1
}

/// Payments are rounded up to the next 100 points.
fn round_up_100(x: u32) -> u32 {
    x.div_ceil(100).saturating_mul(100)
}

/// Payments and total for `basic` points, honba included.
pub(crate) fn pay(basic: u32, ctx: &WinContext, rules: &Rules) -> (Payments, u32) {
    let others = u32::from(rules.players.count()) - 1;
    let honba = HONBA_PER_PAYER.saturating_mul(ctx.honba);
    // Under the North split the share of the missing non-dealer (basic × 1 on a
    // non-dealer's self-draw, × 2 on the dealer's) is paid half by each payer.
    let split =
        rules.players == Players::Three && rules.three_player_tsumo == ThreePlayerTsumo::Split;
    let missing = |factor: u32| {
        if split {
            round_up_100(round_up_100(basic.saturating_mul(factor)) / 2)
        } else {
            0
        }
    };
    let share = |factor: u32| round_up_100(basic.saturating_mul(factor)).saturating_add(honba);
    if ctx.method.is_tsumo() {
        if ctx.is_dealer() {
            let each = share(TSUMO_DEALER_SHARE).saturating_add(missing(TSUMO_DEALER_SHARE));
            (Payments::DealerTsumo { each }, each.saturating_mul(others))
        } else {
            let dealer = share(TSUMO_DEALER_SHARE).saturating_add(missing(1));
            let non_dealer = share(1).saturating_add(missing(1));
            let total = dealer.saturating_add(non_dealer.saturating_mul(others - 1));
            (Payments::Tsumo { dealer, non_dealer }, total)
        }
    } else {
        let factor = if ctx.is_dealer() {
            RON_DEALER
        } else {
            RON_NON_DEALER
        };
        let discarder =
            round_up_100(basic.saturating_mul(factor)).saturating_add(honba.saturating_mul(others));
        (Payments::Ron { discarder }, discarder)
    }
}

/// Who pays a win another player is liable for (責任払い / 包, pao: the player who let
/// the last set of a big three dragons or big four winds be called).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Liability {
    /// What the liable player pays.
    pub liable: u32,
    /// What the discarder pays (0 on a self-draw).
    pub discarder: u32,
}

/// The payments of `score` when a player is liable for it: the whole of a self-draw,
/// honba included; half of a ron, the other half by the discarder (an odd hundred by the
/// discarder), and the ron's honba by the player [`Rules::pao_honba`] names (Tenhou: the
/// liable one, 「積み棒は包」; sources in `docs/riichi-rules.md`). The two add up to
/// [`Score::total`].
#[must_use]
pub fn liability(score: &Score, ctx: &WinContext, rules: &Rules) -> Liability {
    match score.payments {
        Payments::Ron { discarder } => {
            let others = u32::from(rules.players.count()) - 1;
            let honba = HONBA_PER_PAYER
                .saturating_mul(ctx.honba)
                .saturating_mul(others)
                .min(discarder);
            let base = discarder - honba;
            let half = base / 200 * 100;
            let (liable_honba, discarder_honba) = match rules.pao_honba {
                PaoHonba::Liable => (honba, 0),
                PaoHonba::Split => (honba / 2, honba - honba / 2),
                PaoHonba::Discarder => (0, honba),
            };
            Liability {
                liable: half + liable_honba,
                discarder: base - half + discarder_honba,
            }
        }
        Payments::DealerTsumo { .. } | Payments::Tsumo { .. } => Liability {
            liable: score.total,
            discarder: 0,
        },
    }
}

/// The payments of a nagashi mangan (流し満貫) at an exhaustive draw: a mangan
/// self-draw by that seat. `None` when the rules do not recognise it.
#[must_use]
pub fn nagashi_mangan(ctx: &WinContext, rules: &Rules) -> Option<(Payments, u32)> {
    rules.nagashi_mangan.then(|| {
        let tsumo = WinContext {
            method: WinMethod::Tsumo(TsumoEvent::Plain),
            ..*ctx
        };
        pay(MANGAN, &tsumo, rules)
    })
}

/// Hand and situation checks that come before any reading.
/// `wall`: the wall of `rules`.
fn check(hand: &Hand, ctx: &WinContext, rules: &Rules, wall: &Wall) -> Result<(), ScoreError> {
    // The hand with the indicators and kita holds at least what the hand alone holds:
    // when that fits the wall, so does the hand, and its own check is skipped (it runs,
    // first, whenever an error has to be named).
    let seen = Seen::of(hand, ctx);
    let fits = seen.fits(wall);
    if !fits || hand.melds().len() > 4 {
        hand.validate(wall)?;
    }
    if hand.size()? != HandSize::Drawn {
        return Err(Impossible::MissingWinningTile.into());
    }
    let win = ctx.win;
    let held = hand.concealed().get(win.tile());
    let reds_held = if win.tile().is_honor() {
        0
    } else {
        hand.concealed_red()[win.tile().suit() as usize]
    };
    let ok = if win.is_red() {
        reds_held > 0
    } else {
        let fives = win.tile().number() == 5 && !win.tile().is_honor();
        held > if fives { reds_held } else { 0 }
    };
    if !ok {
        return Err(Impossible::WinNotInHand(win).into());
    }
    let melds = hand.melds();
    check_players(hand, ctx, rules)?;
    if ctx.method == WinMethod::Tsumo(TsumoEvent::Rinshan)
        && ctx.kita == 0
        && !melds.iter().any(|m| m.kind().is_kan())
    {
        return Err(Impossible::RinshanWithoutKan.into());
    }
    if matches!(
        ctx.method,
        WinMethod::Ron(super::context::RonEvent::Chankan)
    ) && hand.all_counts().get(win.tile()) > 1
    {
        return Err(Impossible::ChankanHeldCopy(win.tile()).into());
    }
    if ctx.riichi != super::context::Riichi::None && melds.iter().any(|m| m.kind().is_open()) {
        return Err(Impossible::RiichiOpen.into());
    }
    if ctx.first_turn != FirstTurn::None && !melds.is_empty() {
        return Err(Impossible::FirstTurnWithMeld.into());
    }
    if !fits {
        seen.check(wall)?;
    }
    check_indicators(hand, ctx, rules)
}

/// The tiles the hand, the kita and the indicators show: no more copies of a kind, nor
/// red fives, than the wall has.
struct Seen {
    all: crate::tile::TileCounts,
    red: [u8; 3],
}

impl Seen {
    fn of(hand: &Hand, ctx: &WinContext) -> Seen {
        let mut all = hand.all_counts();
        for _ in 0..ctx.kita {
            all.add(Tile::NORTH);
        }
        let mut red = hand.all_red();
        for p in ctx.dora.iter().chain(ctx.ura.iter()) {
            all.add(p.tile());
            if p.is_red() {
                red[p.tile().suit() as usize] += 1;
            }
        }
        Seen { all, red }
    }

    fn fits(&self, wall: &Wall) -> bool {
        wall.excess(&self.all).is_none() && (0..3).all(|i| self.red[i] <= wall.red()[i])
    }

    /// The error of tiles that do not fit the wall.
    fn check(&self, wall: &Wall) -> Result<(), ScoreError> {
        if let Some((tile, count)) = wall.excess(&self.all) {
            return Err(Impossible::IndicatorCopies {
                tile,
                count,
                copies: wall.copies(tile),
            }
            .into());
        }
        if let Some(i) = (0..3).find(|&i| self.red[i] > wall.red()[i]) {
            return Err(Impossible::IndicatorRed {
                suit: Suit::NUMBERED[i],
                count: self.red[i],
                limit: wall.red()[i],
            }
            .into());
        }
        Ok(())
    }
}

/// What three-player mahjong rules out (2m–8m are left to the wall check): a chi, a
/// North seat or round, more Norths in hand and set aside than exist; and kita with four
/// players.
/// The checks of the players' rules: kita only with three players; with three, no chi,
/// no North seat or round, at most four Norths with those set aside.
pub(crate) fn check_players(
    hand: &Hand,
    ctx: &WinContext,
    rules: &Rules,
) -> Result<(), ScoreError> {
    match rules.players {
        Players::Four if ctx.kita > 0 => Err(Impossible::KitaWithFourPlayers.into()),
        Players::Four => Ok(()),
        Players::Three => {
            if let Some(w) = [ctx.seat_wind, ctx.round_wind]
                .into_iter()
                .find(|&w| w == Wind::North)
            {
                return Err(Impossible::ThreePlayerWind(w).into());
            }
            if hand.melds().iter().any(|m| m.kind() == MeldKind::Chi) {
                return Err(Impossible::ThreePlayerChi.into());
            }
            let norths = hand.all_counts().get(Tile::NORTH) + ctx.kita;
            if norths > 4 {
                return Err(Impossible::TooManyNorths(norths).into());
            }
            Ok(())
        }
    }
}

/// The dora indicators are tiles of the dead wall: with the hand they hold no more
/// copies (and red fives) than the wall has (checked by [`Seen`]); each kong turns over
/// one more indicator; ura indicators lie under the dora indicators, one each at most.
fn check_indicators(hand: &Hand, ctx: &WinContext, rules: &Rules) -> Result<(), ScoreError> {
    if ctx.ura.len() > ctx.dora.len() {
        return Err(Impossible::MoreUraThanDora.into());
    }
    let kongs = hand.melds().iter().filter(|m| m.kind().is_kan()).count();
    if !ctx.dora.is_empty()
        && ctx.dora.len() + usize::from(pending_kan_dora(hand, ctx, rules)) < 1 + kongs
    {
        return Err(Impossible::TooFewIndicators { kongs }.into());
    }
    Ok(())
}

/// Whether the winner's last kong may still lack its indicator: a win on the
/// replacement tile of an open or added kong, whose indicator these rules turn only
/// after the discard that never came (Tenhou's logs show the win with the indicators
/// turned before the kong). Only the last kong can be pending: a second kong turns the
/// first one's indicator.
fn pending_kan_dora(hand: &Hand, ctx: &WinContext, rules: &Rules) -> bool {
    rules.open_kan_dora == OpenKanDora::AfterDiscard
        && ctx.method == WinMethod::Tsumo(TsumoEvent::Rinshan)
        && hand
            .melds()
            .iter()
            .any(|m| matches!(m.kind(), MeldKind::OpenKan | MeldKind::AddedKan))
}

/// Scoring as first written, the reference of the proptest
/// `score_ok_same_as_every_reading_first` (`riichi::tests`): the hand's own copies
/// checked before anything else, every reading listed before any is weighed.
#[cfg(test)]
pub(super) fn score_by_every_reading(
    hand: &Hand,
    ctx: &WinContext,
    rules: &Rules,
) -> Result<Score, ScoreError> {
    let wall = rules.wall();
    hand.validate(&wall)?;
    check(hand, ctx, rules, &wall)?;
    let readings = crate::decompose::decompose_hand(hand, Family::Riichi);
    if readings.is_empty() {
        return Err(ScoreError::NotWinning);
    }
    let facts = HandFacts::new(hand);
    let dora = Dora::count(&facts, ctx, rules, &wall);
    let mut best: Option<Score> = None;
    for win in readings.wins(ctx.win.tile()) {
        let Some(mut b) = weigh(&win, &facts, dora, ctx, rules) else {
            continue;
        };
        b.reading = *win.reading;
        let s = b.score(dora, ctx);
        let key = |s: &Score| {
            let real_yakuman = s.limit == Some(Limit::Yakuman);
            (s.total, real_yakuman, s.yakuman, s.han, s.fu)
        };
        // The fu items add up to the total the choice compared.
        debug_assert_eq!(s.fu_detail.total, s.fu);
        if best.as_ref().is_none_or(|b| key(&s) > key(b)) {
            best = Some(s);
        }
    }
    best.ok_or(ScoreError::NoYaku)
}
