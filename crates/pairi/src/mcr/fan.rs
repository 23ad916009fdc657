//! The 81 fans of Chinese Official mahjong (国标麻将), plus the MIL's combined kong fan, in
//! one table: id, Chinese and English names, points and the fans each one does not combine
//! with. The [`Fan`] enum, [`Fan::ALL`] and every lookup are generated from that table.
//!
//! Sources, restated in our own words: the *Chinese Mahjong Competition Rules* (中国麻将竞赛
//! 规则, General Administration of Sport of China, 1998) for the fans, their points and the
//! "does not combine with" (不计) lists; the Mahjong International League's *Mahjong
//! Competition Rules* (2006, the "Green Book") for the English names and the kong counting
//! of [`Fan::ConcealedKongAndMeldedKong`]. Ids and points are those of `docs/mcr-rules.md` (and of the shared
//! `spec/mcr-fans.json`, which a test compares).
//!
//! The exclusions listed in the table are applied by [`FanSheet::apply_exclusions`], highest
//! fan first: a fan that is itself excluded excludes nothing (so four concealed pungs
//! removes fully concealed hand, and the self-drawn that fully concealed hand would have
//! absorbed counts again). The other combination principles (no repeat, no separation, no
//! identical use, account once) concern how sets are combined and live in `score.rs`.

use core::fmt;

macro_rules! fan_table {
    ($(
        $(#[$doc:meta])*
        $variant:ident = ($id:literal, $zh:literal, $en:literal, $points:literal, [$($ex:ident),* $(,)?]);
    )*) => {
        /// A fan (番種 / 番种) of Chinese Official mahjong. Variants follow the ids of
        /// `docs/mcr-rules.md`, in its order (highest points first).
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        #[non_exhaustive]
        pub enum Fan {
            $( $(#[$doc])* $variant, )*
        }

        impl Fan {
            /// Every fan, in table order.
            pub const ALL: [Fan; Fan::COUNT] = [$(Fan::$variant,)*];

            const INFO: [FanInfo; Fan::COUNT] = [$(FanInfo {
                id: $id,
                zh: $zh,
                en: $en,
                points: $points,
                excludes: &[$(Fan::$ex),*],
            },)*];
        }
    };
}

/// What the table says about one fan.
struct FanInfo {
    id: &'static str,
    zh: &'static str,
    en: &'static str,
    points: u8,
    excludes: &'static [Fan],
}

fan_table! {
    // ---- 88 points ----
    /// 大四喜: pungs or kongs of all four winds.
    BigFourWinds = ("big_four_winds", "大四喜", "Big Four Winds", 88,
        [BigThreeWinds, LittleFourWinds, AllPungs, PrevalentWind, SeatWind, PungOfTerminalsOrHonors]);
    /// 大三元: pungs or kongs of all three dragons.
    BigThreeDragons = ("big_three_dragons", "大三元", "Big Three Dragons", 88,
        [LittleThreeDragons, TwoDragonPungs, DragonPung]);
    /// 绿一色: only 2 3 4 6 8 of bamboo and the green dragon. Not half flush; one voided
    /// suit is not counted either (common practice, followed by mahjong-algorithm).
    AllGreen = ("all_green", "绿一色", "All Green", 88, [HalfFlush, OneVoidedSuit]);
    /// 九莲宝灯: 1112345678999 of one suit, concealed, waiting on any tile of that suit.
    /// Not full flush, concealed hand (nor fully concealed hand), no honors, and one pung of
    /// terminals.
    NineGates = ("nine_gates", "九莲宝灯", "Nine Gates", 88,
        [FullFlush, ConcealedHand, FullyConcealedHand, NoHonors]);
    /// 四杠: four kongs, melded or concealed. Not the smaller kong fans, all pungs nor
    /// single wait.
    FourKongs = ("four_kongs", "四杠", "Four Kongs", 88,
        [ThreeKongs, TwoMeldedKongs, TwoConcealedKongs, ConcealedKongAndMeldedKong,
         MeldedKong, ConcealedKong, AllPungs, SingleWait]);
    /// 连七对: seven pairs that are seven consecutive numbers of one suit. Not seven pairs,
    /// full flush, concealed hand nor single wait.
    SevenShiftedPairs = ("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88,
        [SevenPairs, FullFlush, ConcealedHand, FullyConcealedHand, SingleWait, NoHonors]);
    /// 十三幺: one of each terminal and honor plus a second copy of one of them. Not all
    /// types, concealed hand nor single wait.
    ThirteenOrphans = ("thirteen_orphans", "十三幺", "Thirteen Orphans", 88,
        [AllTerminalsAndHonors, AllTypes, ConcealedHand, FullyConcealedHand, SingleWait]);
    // ---- 64 points ----
    /// 清幺九: only terminals (1 and 9), necessarily in pungs and the pair. Not all
    /// terminals and honors, all pungs, outside hand, pung of terminals, no honors, and
    /// (common practice) double pung.
    AllTerminals = ("all_terminals", "清幺九", "All Terminals", 64,
        [AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, NoHonors, DoublePung]);
    /// 小四喜: pungs of three winds and a pair of the fourth. Not big three winds; the
    /// wind pungs count no pung of terminals or honors.
    LittleFourWinds = ("little_four_winds", "小四喜", "Little Four Winds", 64, [BigThreeWinds]);
    /// 小三元: pungs of two dragons and a pair of the third. Not two dragon pungs nor
    /// dragon pung.
    LittleThreeDragons = ("little_three_dragons", "小三元", "Little Three Dragons", 64,
        [TwoDragonPungs, DragonPung]);
    /// 字一色: only winds and dragons. Not all terminals and honors, all pungs, outside
    /// hand, pung of terminals or honors; one voided suit is not counted either.
    AllHonors = ("all_honors", "字一色", "All Honors", 64,
        [AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, OneVoidedSuit]);
    /// 四暗刻: four concealed pungs or kongs. Not all pungs, the smaller concealed-pung
    /// fans, concealed hand nor fully concealed hand (self-drawn still counts).
    FourConcealedPungs = ("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64,
        [AllPungs, ThreeConcealedPungs, TwoConcealedPungs, ConcealedHand, FullyConcealedHand]);
    /// 一色双龙会: 123 123 789 789 of one suit with a pair of that suit's 5. Not seven
    /// pairs, full flush, all chows, pure double chow, two terminal chows nor no honors.
    PureTerminalChows = ("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64,
        [SevenPairs, FullFlush, AllChows, PureDoubleChow, TwoTerminalChows, NoHonors]);
    // ---- 48 points ----
    /// 一色四同顺: four identical chows. Not pure triple chow, pure double chow nor tile hog.
    QuadrupleChow = ("quadruple_chow", "一色四同顺", "Quadruple Chow", 48,
        [PureTripleChow, PureDoubleChow, TileHog]);
    /// 一色四节高: pungs of four consecutive numbers of one suit. Not pure shifted pungs
    /// nor all pungs.
    FourPureShiftedPungs = ("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48,
        [PureShiftedPungs, AllPungs]);
    // ---- 32 points ----
    /// 一色四步高: four chows of one suit, each one or two numbers above the previous.
    /// Not pure shifted chows, short straight, two terminal chows nor pure double chow.
    FourPureShiftedChows = ("four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32,
        [PureShiftedChows, ShortStraight, TwoTerminalChows, PureDoubleChow]);
    /// 三杠: three kongs. Not the smaller kong fans.
    ThreeKongs = ("three_kongs", "三杠", "Three Kongs", 32,
        [TwoMeldedKongs, TwoConcealedKongs, ConcealedKongAndMeldedKong, MeldedKong, ConcealedKong]);
    /// 混幺九: only terminals and honors. Not all pungs, outside hand nor pung of
    /// terminals or honors.
    AllTerminalsAndHonors = ("all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32,
        [AllPungs, OutsideHand, PungOfTerminalsOrHonors]);
    // ---- 24 points ----
    /// 七对: seven pairs (a kind held four times is two pairs). Not concealed hand (nor
    /// fully concealed hand) and not single wait.
    SevenPairs = ("seven_pairs", "七对", "Seven Pairs", 24,
        [ConcealedHand, FullyConcealedHand, SingleWait]);
    /// 七星不靠: all seven honors plus seven tiles of one knitted straight (147, 258, 369
    /// in three different suits). Not lesser honors and knitted tiles, all types,
    /// concealed hand nor single wait.
    GreaterHonorsAndKnittedTiles = ("greater_honors_and_knitted_tiles", "七星不靠",
        "Greater Honors and Knitted Tiles", 24,
        [LesserHonorsAndKnittedTiles, AllTypes, ConcealedHand, FullyConcealedHand, SingleWait]);
    /// 全双刻: pungs of even numbers and a pair of an even number. Not all pungs, all
    /// simples nor no honors.
    AllEvenPungs = ("all_even_pungs", "全双刻", "All Even Pungs", 24, [AllPungs, AllSimples, NoHonors]);
    /// 清一色: one numbered suit only. Not one voided suit nor no honors.
    FullFlush = ("full_flush", "清一色", "Full Flush", 24, [OneVoidedSuit, NoHonors]);
    /// 一色三同顺: three identical chows. Not pure double chow.
    PureTripleChow = ("pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24, [PureDoubleChow]);
    /// 一色三节高: pungs of three consecutive numbers of one suit.
    PureShiftedPungs = ("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24, []);
    /// 全大: only 7, 8 and 9. Not upper four nor no honors.
    UpperTiles = ("upper_tiles", "全大", "Upper Tiles", 24, [UpperFour, NoHonors]);
    /// 全中: only 4, 5 and 6. Not all simples nor no honors.
    MiddleTiles = ("middle_tiles", "全中", "Middle Tiles", 24, [AllSimples, NoHonors]);
    /// 全小: only 1, 2 and 3. Not lower four nor no honors.
    LowerTiles = ("lower_tiles", "全小", "Lower Tiles", 24, [LowerFour, NoHonors]);
    // ---- 16 points ----
    /// 清龙: 123, 456 and 789 of one suit.
    PureStraight = ("pure_straight", "清龙", "Pure Straight", 16, []);
    /// 三色双龙会: 123 and 789 in each of two suits with a pair of 5 of the third. Not
    /// all chows, mixed double chow, two terminal chows nor no honors.
    ThreeSuitedTerminalChows = ("three_suited_terminal_chows", "三色双龙会",
        "Three-Suited Terminal Chows", 16, [AllChows, MixedDoubleChow, TwoTerminalChows, NoHonors]);
    /// 一色三步高: three chows of one suit, each one or two numbers above the previous.
    PureShiftedChows = ("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16, []);
    /// 全带五: a 5 in every set and in the pair. Not all simples nor no honors.
    AllFives = ("all_fives", "全带五", "All Fives", 16, [AllSimples, NoHonors]);
    /// 三同刻: pungs of one number in all three suits. (Double pung is accounted once
    /// with the fourth pung only.)
    TriplePung = ("triple_pung", "三同刻", "Triple Pung", 16, []);
    /// 三暗刻: three concealed pungs or kongs. Not two concealed pungs.
    ThreeConcealedPungs = ("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16,
        [TwoConcealedPungs]);
    // ---- 12 points ----
    /// 全不靠: fourteen single tiles: honors and tiles of one knitted straight, no two
    /// related. Not all types, concealed hand nor single wait.
    LesserHonorsAndKnittedTiles = ("lesser_honors_and_knitted_tiles", "全不靠",
        "Lesser Honors and Knitted Tiles", 12, [AllTypes, ConcealedHand, FullyConcealedHand, SingleWait]);
    /// 组合龙: 147, 258 and 369 in three different suits (nine tiles).
    KnittedStraight = ("knitted_straight", "组合龙", "Knitted Straight", 12, []);
    /// 大于五: only 6, 7, 8 and 9. Not no honors.
    UpperFour = ("upper_four", "大于五", "Upper Four", 12, [NoHonors]);
    /// 小于五: only 1, 2, 3 and 4. Not no honors.
    LowerFour = ("lower_four", "小于五", "Lower Four", 12, [NoHonors]);
    /// 三风刻: pungs of three winds. Those three pungs count no pung of terminals or honors.
    BigThreeWinds = ("big_three_winds", "三风刻", "Big Three Winds", 12, []);
    // ---- 8 points ----
    /// 花龙: 123, 456 and 789 in three different suits.
    MixedStraight = ("mixed_straight", "花龙", "Mixed Straight", 8, []);
    /// 推不倒: only tiles that look the same upside down: 1234589 of dots, 245689 of
    /// bamboo and the white dragon. Not one voided suit.
    ReversibleTiles = ("reversible_tiles", "推不倒", "Reversible Tiles", 8, [OneVoidedSuit]);
    /// 三色三同顺: chows of one number in all three suits.
    MixedTripleChow = ("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8, []);
    /// 三色三节高: pungs of three consecutive numbers, one in each suit.
    MixedShiftedPungs = ("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8, []);
    /// 无番和: a winning hand that scores no other fan (flowers aside).
    ChickenHand = ("chicken_hand", "无番和", "Chicken Hand", 8, []);
    /// 妙手回春: self-drawing the last tile of the wall. Not self-drawn.
    LastTileDraw = ("last_tile_draw", "妙手回春", "Last Tile Draw", 8, [SelfDrawn]);
    /// 海底捞月: winning on the discard after the last tile of the wall.
    LastTileClaim = ("last_tile_claim", "海底捞月", "Last Tile Claim", 8, []);
    /// 杠上开花: winning on the replacement tile drawn after a kong. Not self-drawn.
    OutWithReplacementTile = ("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8,
        [SelfDrawn]);
    /// 抢杠和: winning on the tile another player adds to a melded pung. Not last tile.
    RobbingTheKong = ("robbing_the_kong", "抢杠和", "Robbing the Kong", 8, [LastTile]);
    // ---- 6 points ----
    /// 碰碰和: four pungs or kongs.
    AllPungs = ("all_pungs", "碰碰和", "All Pungs", 6, []);
    /// 混一色: one numbered suit plus honors. Not one voided suit.
    HalfFlush = ("half_flush", "混一色", "Half Flush", 6, [OneVoidedSuit]);
    /// 三色三步高: chows of three consecutive numbers, one in each suit.
    MixedShiftedChows = ("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6, []);
    /// 五门齐: all three suits, winds and dragons.
    AllTypes = ("all_types", "五门齐", "All Types", 6, []);
    /// 全求人: four melded sets and a discard completing the pair. Not single wait.
    MeldedHand = ("melded_hand", "全求人", "Melded Hand", 6, [SingleWait]);
    /// 双暗杠: two concealed kongs. Not concealed kong.
    TwoConcealedKongs = ("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6, [ConcealedKong]);
    /// 双箭刻: pungs of two dragons. Not dragon pung.
    TwoDragonPungs = ("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", 6, [DragonPung]);
    // ---- 4 points ----
    /// 全带幺: a terminal or an honor in every set and in the pair.
    OutsideHand = ("outside_hand", "全带幺", "Outside Hand", 4, []);
    /// 不求人: no melded set, won by self-draw. Not self-drawn (nor concealed hand).
    FullyConcealedHand = ("fully_concealed_hand", "不求人", "Fully Concealed Hand", 4,
        [SelfDrawn, ConcealedHand]);
    /// 双明杠: two melded kongs. Not melded kong.
    TwoMeldedKongs = ("two_melded_kongs", "双明杠", "Two Melded Kongs", 4, [MeldedKong]);
    /// 和绝张: winning on the last copy of a kind, the other three being already shown.
    LastTile = ("last_tile", "和绝张", "Last Tile", 4, []);
    // ---- 2 points ----
    /// 箭刻: a pung of a dragon.
    DragonPung = ("dragon_pung", "箭刻", "Dragon Pung", 2, []);
    /// 圈风刻: a pung of the prevalent (round) wind; that pung counts no pung of
    /// terminals or honors.
    PrevalentWind = ("prevalent_wind", "圈风刻", "Prevalent Wind", 2, []);
    /// 门风刻: a pung of the seat wind; that pung counts no pung of terminals or honors.
    SeatWind = ("seat_wind", "门风刻", "Seat Wind", 2, []);
    /// 门前清: no melded set, won on a discard.
    ConcealedHand = ("concealed_hand", "门前清", "Concealed Hand", 2, []);
    /// 平和: four chows and a pair of a numbered suit. Not no honors.
    AllChows = ("all_chows", "平和", "All Chows", 2, [NoHonors]);
    /// 四归一: all four copies of a kind used without making a kong (once per kind).
    TileHog = ("tile_hog", "四归一", "Tile Hog", 2, []);
    /// 双同刻: pungs of one number in two suits.
    DoublePung = ("double_pung", "双同刻", "Double Pung", 2, []);
    /// 双暗刻: two concealed pungs or kongs.
    TwoConcealedPungs = ("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2, []);
    /// 暗杠: a concealed kong.
    ConcealedKong = ("concealed_kong", "暗杠", "Concealed Kong", 2, []);
    /// 断幺: no terminals and no honors. Not no honors.
    AllSimples = ("all_simples", "断幺", "All Simples", 2, [NoHonors]);
    // ---- 1 point ----
    /// 一般高: two identical chows.
    PureDoubleChow = ("pure_double_chow", "一般高", "Pure Double Chow", 1, []);
    /// 喜相逢: chows of one number in two suits.
    MixedDoubleChow = ("mixed_double_chow", "喜相逢", "Mixed Double Chow", 1, []);
    /// 连六: 123 and 456 (six consecutive numbers) of one suit.
    ShortStraight = ("short_straight", "连六", "Short Straight", 1, []);
    /// 老少副: 123 and 789 of one suit.
    TwoTerminalChows = ("two_terminal_chows", "老少副", "Two Terminal Chows", 1, []);
    /// 幺九刻: a pung of terminals or of a wind that no other fan accounts for (a dragon
    /// pung is dragon pung instead).
    PungOfTerminalsOrHonors = ("pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1, []);
    /// 明杠: a melded kong.
    MeldedKong = ("melded_kong", "明杠", "Melded Kong", 1, []);
    /// 缺一门: one numbered suit missing.
    OneVoidedSuit = ("one_voided_suit", "缺一门", "One Voided Suit", 1, []);
    /// 无字: no honors.
    NoHonors = ("no_honors", "无字", "No Honors", 1, []);
    /// 边张 (独听): the only wait was 3 with 12, or 7 with 89.
    EdgeWait = ("edge_wait", "边张", "Edge Wait", 1, []);
    /// 坎张 (独听): the only wait was the middle of a chow.
    ClosedWait = ("closed_wait", "坎张", "Closed Wait", 1, []);
    /// 单钓将 (独听): the only wait was the second tile of the pair.
    SingleWait = ("single_wait", "单钓将", "Single Wait", 1, []);
    /// 自摸: winning on one's own draw.
    SelfDrawn = ("self_drawn", "自摸", "Self-Drawn", 1, []);
    /// 花牌: one point per flower or season tile; not part of the 8-fan minimum.
    FlowerTiles = ("flower_tiles", "花牌", "Flower Tiles", 1, []);
    /// 明暗杠 (MIL, not among the 81): one concealed and one melded kong, 5 points instead
    /// of concealed kong plus melded kong.
    ConcealedKongAndMeldedKong = ("concealed_kong_and_melded_kong", "明暗杠",
        "Concealed Kong and Melded Kong", 5, [ConcealedKong, MeldedKong]);
}

impl Fan {
    /// Number of fans in the table (81 plus the MIL's combined kong fan).
    pub const COUNT: usize = 82;

    const fn info(self) -> &'static FanInfo {
        &Fan::INFO[self as usize]
    }

    /// The JSON id (`docs/mcr-rules.md`), e.g. `pure_straight`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        self.info().id
    }

    /// The Chinese name, e.g. `清龙`.
    #[must_use]
    pub const fn zh(self) -> &'static str {
        self.info().zh
    }

    /// The English name, e.g. `Pure Straight`.
    #[must_use]
    pub const fn en(self) -> &'static str {
        self.info().en
    }

    /// The points of one occurrence.
    #[must_use]
    pub const fn points(self) -> u8 {
        self.info().points
    }

    /// The fans this one does not combine with (不计).
    #[must_use]
    pub const fn excludes(self) -> &'static [Fan] {
        self.info().excludes
    }

    /// Whether the fan is one of the 81 of the Chinese rules (all but the MIL's
    /// [`Fan::ConcealedKongAndMeldedKong`]).
    #[must_use]
    pub const fn is_official(self) -> bool {
        !matches!(self, Fan::ConcealedKongAndMeldedKong)
    }

    /// The fan of a JSON id.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Fan> {
        Fan::ALL.iter().copied().find(|f| f.id() == id)
    }

    /// The position in the table.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Fan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Bit `i` set for each fan that fan `i` does not combine with.
const EXCLUDE_MASKS: [u128; Fan::COUNT] = {
    let mut masks = [0u128; Fan::COUNT];
    let mut i = 0;
    while i < Fan::COUNT {
        let excludes = Fan::INFO[i].excludes;
        let mut j = 0;
        while j < excludes.len() {
            masks[i] |= 1u128 << (excludes[j] as usize);
            j += 1;
        }
        i += 1;
    }
    masks
};

/// How many times each fan counts: a small fixed array indexed by [`Fan`], with a
/// bit mask of the fans present so that sums and exclusions visit only those.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FanSheet {
    counts: [u8; Fan::COUNT],
    /// Bit `i` set when fan `i` counts at least once.
    present: u128,
}

impl Default for FanSheet {
    fn default() -> Self {
        FanSheet::new()
    }
}

impl FanSheet {
    /// No fans.
    #[must_use]
    pub const fn new() -> FanSheet {
        FanSheet {
            counts: [0; Fan::COUNT],
            present: 0,
        }
    }

    /// How many times `fan` counts.
    #[must_use]
    pub const fn count(&self, fan: Fan) -> u8 {
        self.counts[fan as usize]
    }

    /// Whether `fan` counts at least once.
    #[must_use]
    pub const fn has(&self, fan: Fan) -> bool {
        self.present >> (fan as usize) & 1 == 1
    }

    /// Counts `fan` once more.
    pub fn add(&mut self, fan: Fan) {
        let i = fan as usize;
        self.counts[i] = self.counts[i].saturating_add(1);
        self.present |= 1 << i;
    }

    /// Sets how many times `fan` counts.
    pub fn set(&mut self, fan: Fan, count: u8) {
        let i = fan as usize;
        self.counts[i] = count;
        if count > 0 {
            self.present |= 1 << i;
        } else {
            self.present &= !(1 << i);
        }
    }

    /// Removes `fan` entirely.
    pub fn remove(&mut self, fan: Fan) {
        self.set(fan, 0);
    }

    /// The indices of the fans present, in table order.
    fn present_indices(&self) -> impl Iterator<Item = usize> {
        let mut bits = self.present;
        core::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(i)
            }
        })
    }

    /// Total points (each fan's points times its count), flowers included.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.present_indices()
            .map(|i| u32::from(self.counts[i]) * u32::from(Fan::INFO[i].points))
            .sum()
    }

    /// Total points without [`Fan::FlowerTiles`]: what the 8-fan minimum is checked on.
    #[must_use]
    pub fn total_without_flowers(&self) -> u32 {
        self.total() - u32::from(self.count(Fan::FlowerTiles))
    }

    /// Whether no fan counts.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// The fans that count, with their counts, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (Fan, u8)> + '_ {
        self.present_indices()
            .map(|i| (Fan::ALL[i], self.counts[i]))
    }

    /// Applies every "does not combine with" of the table, highest fan first; a fan
    /// already removed removes nothing.
    pub fn apply_exclusions(&mut self) {
        for i in self.present_indices() {
            if self.present >> i & 1 == 0 {
                continue;
            }
            let gone = EXCLUDE_MASKS[i] & self.present;
            if gone != 0 {
                self.present &= !gone;
                let mut bits = gone;
                while bits != 0 {
                    self.counts[bits.trailing_zeros() as usize] = 0;
                    bits &= bits - 1;
                }
            }
        }
    }
}

impl fmt::Debug for FanSheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_ok_matches_spec_ids_and_points() {
        // The shared list of the 81 fans; docs/mcr-rules.md carries the same in the
        // repository (`docs_ok_list_every_fan_with_points_and_exclusions`).
        let Some(spec) = crate::test_shared::read("spec/mcr-fans.json") else {
            return;
        };
        let mut n = 0;
        for line in spec.lines().filter(|l| l.contains("\"id\"")) {
            let field = |name: &str| {
                let key = format!("\"{name}\": ");
                let at = line.find(&key).map(|i| i + key.len()).unwrap_or(0);
                let rest = &line[at..];
                let rest = rest.trim_start_matches('"');
                let end = rest.find(['"', ',']).unwrap_or(rest.len());
                rest[..end].to_owned()
            };
            let fan = Fan::ALL[n];
            assert_eq!(fan.id(), field("id"));
            assert_eq!(fan.zh(), field("zh"));
            assert_eq!(fan.en(), field("en"));
            assert_eq!(fan.points().to_string(), field("points"));
            n += 1;
        }
        assert_eq!(n, Fan::COUNT);
        assert_eq!(Fan::ALL.iter().filter(|f| f.is_official()).count(), 81);
    }

    #[test]
    fn docs_ok_list_every_fan_with_points_and_exclusions() {
        let doc = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/mcr-rules.md"
        ));
        for f in Fan::ALL {
            let excludes: Vec<String> = f.excludes().iter().map(|e| format!("`{e}`")).collect();
            let excludes = if excludes.is_empty() {
                "—".to_owned()
            } else {
                excludes.join(", ")
            };
            let row = format!(
                "| `{}` | {} | {} | {} | {} |",
                f.id(),
                f.zh(),
                f.en(),
                f.points(),
                excludes
            );
            assert!(
                doc.contains(&row),
                "docs/mcr-rules.md lacks or differs on: {row}"
            );
        }
    }

    #[test]
    fn from_id_ok_round_trip() {
        for f in Fan::ALL {
            assert_eq!(Fan::from_id(f.id()), Some(f));
        }
        assert_eq!(Fan::from_id("riichi"), None);
    }

    #[test]
    fn exclusions_ok_cascade_keeps_self_drawn_under_four_concealed_pungs() {
        let mut s = FanSheet::new();
        s.add(Fan::FourConcealedPungs);
        s.add(Fan::FullyConcealedHand);
        s.add(Fan::SelfDrawn);
        s.add(Fan::AllPungs);
        s.apply_exclusions();
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![(Fan::FourConcealedPungs, 1), (Fan::SelfDrawn, 1)]
        );
    }

    #[test]
    fn exclusions_ok_only_downwards() {
        // Every exclusion goes from a fan to a fan of fewer points, so the table order
        // is a valid order for the cascade.
        for f in Fan::ALL {
            for &e in f.excludes() {
                assert!(e.points() < f.points(), "{f} excludes {e}");
            }
        }
    }

    #[test]
    fn total_ok_counts_and_flowers() {
        let mut s = FanSheet::new();
        s.add(Fan::TileHog);
        s.add(Fan::TileHog);
        s.set(Fan::FlowerTiles, 3);
        assert_eq!(s.total(), 7);
        assert_eq!(s.total_without_flowers(), 4);
    }
}
