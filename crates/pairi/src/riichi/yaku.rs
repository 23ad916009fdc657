//! Yaku (役): the one table of every yaku and yakuman, and their detection in one
//! reading of a hand.
//!
//! The table below is the only list of yaku in the project: the [`Yaku`] enum, the
//! JSON ids of `docs/json-api.md`, the names in English, Japanese and Chinese, the han
//! of a closed and of an open hand, and the yakuman multiplier are all generated from
//! it. Han values follow the common modern rules as described by the Japanese Mahjong
//! Wiki (riichi.wiki, "Yaku") and the EMA and WRC rule books; an open-hand value of 0
//! means the yaku needs a closed hand (門前限定).

use super::context::{FirstTurn, Riichi, RonEvent, TsumoEvent, WinContext, WinMethod};
use super::fu::is_pinfu;
use super::rules::{DoubleYakuman, Renhou, Rules, YakumanStacking};
use crate::decompose::{BlockKind, Form, Origin, Wait, WinReading};
use crate::hand::{Hand, MeldKind};
use crate::tile::{shape, Suit, Tile, TileCounts, TileSet};
use crate::util::FixedList;

/// Names and values of one yaku, as listed in the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct YakuInfo {
    /// The JSON id (`sanshoku_doujun`).
    pub id: &'static str,
    /// English name.
    pub english: &'static str,
    /// Japanese name.
    pub japanese: &'static str,
    /// Chinese name.
    pub chinese: &'static str,
    /// Han in a closed hand (per count, for dora).
    pub han_closed: u8,
    /// Han in an open hand; 0 if the yaku needs a closed hand.
    pub han_open: u8,
    /// 0 for an ordinary yaku; for a yakuman, how many yakuman it is worth (1 or 2).
    pub yakuman: u8,
}

macro_rules! yaku_table {
    ($(
        $(#[$doc:meta])*
        $name:ident = $id:literal, $en:literal, $ja:literal, $zh:literal,
            $closed:literal, $open:literal, $yakuman:literal;
    )*) => {
        /// A yaku, a yakuman or a dora kind. Generated from the table in `yaku.rs`.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum Yaku {
            $( $(#[$doc])* $name, )*
        }

        impl Yaku {
            /// Every yaku in table order.
            pub const ALL: &'static [Yaku] = &[$(Yaku::$name),*];

            const INFO: &'static [YakuInfo] = &[$(YakuInfo {
                id: $id,
                english: $en,
                japanese: $ja,
                chinese: $zh,
                han_closed: $closed,
                han_open: $open,
                yakuman: $yakuman,
            }),*];
        }
    };
}

yaku_table! {
    /// Riichi, 立直: a closed hand declared ready.
    Riichi = "riichi", "Riichi", "立直", "立直", 1, 0, 0;
    /// Double riichi, ダブル立直: riichi on the first uninterrupted turn.
    DoubleRiichi = "double_riichi", "Double riichi", "ダブル立直", "两立直", 2, 0, 0;
    /// Ippatsu, 一発: a win within one go-around of riichi.
    Ippatsu = "ippatsu", "Ippatsu", "一発", "一发", 1, 0, 0;
    /// Fully concealed self-draw, 門前清自摸和.
    MenzenTsumo = "menzen_tsumo", "Fully concealed hand", "門前清自摸和", "门前清自摸和", 1, 0, 0;
    /// Pinfu, 平和: four sequences, a pair without fu, a two-sided wait.
    Pinfu = "pinfu", "Pinfu", "平和", "平和", 1, 0, 0;
    /// All simples, 断么九.
    Tanyao = "tanyao", "All simples", "断么九", "断幺九", 1, 1, 0;
    /// Pure double sequence, 一盃口: two identical sequences.
    Iipeikou = "iipeikou", "Pure double sequence", "一盃口", "一般高", 1, 0, 0;
    /// Twice pure double sequence, 二盃口.
    Ryanpeikou = "ryanpeikou", "Twice pure double sequence", "二盃口", "两般高", 3, 0, 0;
    /// White dragon triplet, 役牌 白.
    YakuhaiHaku = "yakuhai_haku", "White dragon", "役牌 白", "役牌 白", 1, 1, 0;
    /// Green dragon triplet, 役牌 發.
    YakuhaiHatsu = "yakuhai_hatsu", "Green dragon", "役牌 發", "役牌 发", 1, 1, 0;
    /// Red dragon triplet, 役牌 中.
    YakuhaiChun = "yakuhai_chun", "Red dragon", "役牌 中", "役牌 中", 1, 1, 0;
    /// Round wind triplet, 場風牌.
    YakuhaiRoundWind = "yakuhai_round_wind", "Round wind", "場風牌", "圈风刻", 1, 1, 0;
    /// Seat wind triplet, 自風牌.
    YakuhaiSeatWind = "yakuhai_seat_wind", "Seat wind", "自風牌", "门风刻", 1, 1, 0;
    /// Win on the replacement tile of a kong, 嶺上開花.
    RinshanKaihou = "rinshan_kaihou", "After a kong", "嶺上開花", "岭上开花", 1, 1, 0;
    /// Win on a tile added to a kong, 搶槓.
    Chankan = "chankan", "Robbing a kong", "搶槓", "抢杠", 1, 1, 0;
    /// Win on the last tile of the wall, 海底摸月.
    Haitei = "haitei", "Under the sea", "海底摸月", "海底捞月", 1, 1, 0;
    /// Win on the last discard, 河底撈魚.
    Houtei = "houtei", "Under the river", "河底撈魚", "河底捞鱼", 1, 1, 0;
    /// Seven pairs, 七対子.
    Chiitoitsu = "chiitoitsu", "Seven pairs", "七対子", "七对子", 2, 0, 0;
    /// Mixed triple sequence, 三色同順.
    SanshokuDoujun = "sanshoku_doujun", "Mixed triple sequence", "三色同順", "三色同顺", 2, 1, 0;
    /// Pure straight, 一気通貫: 123 456 789 of one suit.
    Ittsu = "ittsu", "Pure straight", "一気通貫", "一气通贯", 2, 1, 0;
    /// Half outside hand, 混全帯么九: a terminal or honour in every block.
    Chanta = "chanta", "Half outside hand", "混全帯么九", "混全带幺九", 2, 1, 0;
    /// Fully outside hand, 純全帯么九: a terminal in every block.
    Junchan = "junchan", "Fully outside hand", "純全帯么九", "纯全带幺九", 3, 2, 0;
    /// All triplets, 対々和.
    Toitoi = "toitoi", "All triplets", "対々和", "对对和", 2, 2, 0;
    /// Three concealed triplets, 三暗刻.
    Sanankou = "sanankou", "Three concealed triplets", "三暗刻", "三暗刻", 2, 2, 0;
    /// Triple triplets, 三色同刻.
    SanshokuDoukou = "sanshoku_doukou", "Triple triplets", "三色同刻", "三色同刻", 2, 2, 0;
    /// Three quads, 三槓子.
    Sankantsu = "sankantsu", "Three quads", "三槓子", "三杠子", 2, 2, 0;
    /// Little three dragons, 小三元.
    Shousangen = "shousangen", "Little three dragons", "小三元", "小三元", 2, 2, 0;
    /// All terminals and honours, 混老頭.
    Honroutou = "honroutou", "All terminals and honours", "混老頭", "混老头", 2, 2, 0;
    /// Half flush, 混一色.
    Honitsu = "honitsu", "Half flush", "混一色", "混一色", 3, 2, 0;
    /// Full flush, 清一色.
    Chinitsu = "chinitsu", "Full flush", "清一色", "清一色", 6, 5, 0;
    /// Thirteen orphans, 国士無双.
    Kokushi = "kokushi", "Thirteen orphans", "国士無双", "国士无双", 0, 0, 1;
    /// Thirteen orphans on the 13-sided wait, 国士無双十三面待ち.
    Kokushi13 = "kokushi_13", "Thirteen orphans, 13-sided wait", "国士無双十三面待ち", "国士无双十三面", 0, 0, 2;
    /// Four concealed triplets, 四暗刻.
    Suuankou = "suuankou", "Four concealed triplets", "四暗刻", "四暗刻", 0, 0, 1;
    /// Four concealed triplets on a pair wait, 四暗刻単騎.
    SuuankouTanki = "suuankou_tanki", "Four concealed triplets, single wait", "四暗刻単騎", "四暗刻单骑", 0, 0, 2;
    /// Big three dragons, 大三元.
    Daisangen = "daisangen", "Big three dragons", "大三元", "大三元", 0, 0, 1;
    /// Little four winds, 小四喜.
    Shousuushii = "shousuushii", "Little four winds", "小四喜", "小四喜", 0, 0, 1;
    /// Big four winds, 大四喜.
    Daisuushii = "daisuushii", "Big four winds", "大四喜", "大四喜", 0, 0, 2;
    /// All honours, 字一色.
    Tsuuiisou = "tsuuiisou", "All honours", "字一色", "字一色", 0, 0, 1;
    /// All green, 緑一色: only 2 3 4 6 8 of bamboo and the green dragon.
    Ryuuiisou = "ryuuiisou", "All green", "緑一色", "绿一色", 0, 0, 1;
    /// All terminals, 清老頭.
    Chinroutou = "chinroutou", "All terminals", "清老頭", "清老头", 0, 0, 1;
    /// Nine gates, 九蓮宝燈: 1112345678999 of one suit plus one.
    Chuuren = "chuuren", "Nine gates", "九蓮宝燈", "九莲宝灯", 0, 0, 1;
    /// Nine gates on the nine-sided wait, 純正九蓮宝燈.
    JunseiChuuren = "junsei_chuuren", "True nine gates", "純正九蓮宝燈", "纯正九莲宝灯", 0, 0, 2;
    /// Four quads, 四槓子.
    Suukantsu = "suukantsu", "Four quads", "四槓子", "四杠子", 0, 0, 1;
    /// The dealer's win on the initial deal, 天和.
    Tenhou = "tenhou", "Blessing of heaven", "天和", "天和", 0, 0, 1;
    /// A non-dealer's win on the first draw, 地和.
    Chiihou = "chiihou", "Blessing of earth", "地和", "地和", 0, 0, 1;
    /// A non-dealer's win on a discard before the first draw, 人和 (only under a
    /// renhou rule: a yakuman, or a mangan given as 5 han).
    Renhou = "renhou", "Blessing of man", "人和", "人和", 5, 0, 1;
    /// Dora, ドラ: one han per copy of a tile indicated.
    Dora = "dora", "Dora", "ドラ", "宝牌", 1, 1, 0;
    /// Red fives, 赤ドラ.
    AkaDora = "aka_dora", "Red fives", "赤ドラ", "赤宝牌", 1, 1, 0;
    /// Ura dora, 裏ドラ: dora under the indicators, after riichi.
    UraDora = "ura_dora", "Ura dora", "裏ドラ", "里宝牌", 1, 1, 0;
    /// North dora, 抜きドラ: one han per North set aside (three-player only).
    Kita = "kita", "North dora", "抜きドラ", "拔北宝牌", 1, 1, 0;
}

impl Yaku {
    /// Its table row.
    #[must_use]
    pub fn info(self) -> &'static YakuInfo {
        &Self::INFO[self as usize]
    }

    /// The JSON id.
    #[must_use]
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The yaku of that JSON id.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Yaku> {
        Self::ALL.iter().copied().find(|y| y.id() == id)
    }

    /// Whether it is a yakuman.
    #[must_use]
    pub fn is_yakuman(self) -> bool {
        self.info().yakuman > 0
    }

    /// Whether it is a dora kind (dora, red fives, ura dora, North dora): han, but not a
    /// yaku.
    #[must_use]
    pub const fn is_dora(self) -> bool {
        matches!(
            self,
            Yaku::Dora | Yaku::AkaDora | Yaku::UraDora | Yaku::Kita
        )
    }
}

/// A yaku with its han, or with its yakuman multiplier for a yakuman.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct YakuValue {
    /// The yaku.
    pub yaku: Yaku,
    /// Han (ordinary yaku, dora) or yakuman count (yakuman).
    pub value: u8,
}

impl Default for YakuValue {
    fn default() -> Self {
        YakuValue {
            yaku: Yaku::Riichi,
            value: 0,
        }
    }
}

/// The yaku of a hand, in table order.
pub type YakuList = FixedList<YakuValue, 24>;

/// The yaku found in one reading: either yakuman or ordinary yaku (never both), as a
/// set of the table's rows (no yaku is found twice), their values read from the table
/// when the list is made ([`Found::list`]): a reading that does not become the answer
/// never builds one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Bit `y as u8` set for each yaku `y` found (dora not included).
    pub set: u64,
    /// Total yakuman count (0 for an ordinary hand).
    pub yakuman: u8,
    /// Total han of the ordinary yaku (0 for a yakuman hand).
    pub han: u8,
    /// Whether the hand is closed (the han of an ordinary yaku).
    closed: bool,
    /// Whether a double yakuman counts 1 (the rules' [`DoubleYakuman::Single`]).
    single_yakuman: bool,
}

impl Found {
    /// The value of `yaku` in this hand: its han, or its yakuman multiplier.
    fn value(&self, yaku: Yaku) -> u8 {
        let info = yaku.info();
        if info.yakuman > 0 {
            if self.single_yakuman {
                1
            } else {
                info.yakuman
            }
        } else if self.closed {
            info.han_closed
        } else {
            info.han_open
        }
    }

    /// The yaku with their values, in table order.
    #[must_use]
    pub fn list(&self) -> YakuList {
        let mut list = YakuList::new();
        for y in yaku_set(self.set) {
            list.push(YakuValue {
                yaku: y,
                value: self.value(y),
            });
        }
        list
    }
}

/// The yaku of a set's bits, in table order.
fn yaku_set(mut set: u64) -> impl Iterator<Item = Yaku> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Yaku::ALL.get(i).copied()
    })
}

/// The ordinary yaku (no yakuman, no dora) have the first 32 rows: their han are summed
/// a byte of the set at a time.
const ORDINARY_ROWS: usize = Yaku::Kokushi as usize;
const _: () = assert!(ORDINARY_ROWS <= 32);

/// Per byte of a set of ordinary yaku, per value of that byte, the han of its yaku:
/// `[open, closed][byte][value]`.
static HAN_BY_BYTE: [[[u8; 256]; 4]; 2] = han_by_byte();

const fn han_by_byte() -> [[[u8; 256]; 4]; 2] {
    let mut t = [[[0u8; 256]; 4]; 2];
    let mut closed = 0;
    while closed < 2 {
        let mut byte = 0;
        while byte < 4 {
            let mut v = 0;
            while v < 256 {
                let mut sum = 0u8;
                let mut bit = 0;
                while bit < 8 {
                    let row = byte * 8 + bit;
                    if v >> bit & 1 != 0 && row < ORDINARY_ROWS {
                        let info = &Yaku::INFO[row];
                        sum += if closed == 1 {
                            info.han_closed
                        } else {
                            info.han_open
                        };
                    }
                    bit += 1;
                }
                t[closed][byte][v] = sum;
                v += 1;
            }
            byte += 1;
        }
        closed += 1;
    }
    t
}

/// The han of a set of ordinary yaku in a closed or open hand: four table reads.
fn han_of(set: u64, closed: bool) -> u8 {
    let t = &HAN_BY_BYTE[usize::from(closed)];
    let b = (set as u32).to_le_bytes();
    t[0][usize::from(b[0])]
        .wrapping_add(t[1][usize::from(b[1])])
        .wrapping_add(t[2][usize::from(b[2])])
        .wrapping_add(t[3][usize::from(b[3])])
}

/// The bit of `yaku` in [`Found::set`].
const fn bit(yaku: Yaku) -> u64 {
    1 << yaku as u8
}

/// What is known of the hand before choosing a reading.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HandFacts {
    /// All tiles, melds included.
    pub(crate) all: TileCounts,
    /// The kinds present.
    pub(crate) kinds: TileSet,
    /// No open meld (a concealed kong keeps the hand closed).
    pub(crate) closed: bool,
    /// Number of declared melds.
    pub(crate) melds: usize,
    /// Number of kongs.
    pub(crate) kans: u8,
    /// Red fives per numbered suit, melds included.
    pub(crate) red: [u8; 3],
}

impl HandFacts {
    pub(crate) fn new(hand: &Hand) -> HandFacts {
        let all = hand.all_counts();
        HandFacts {
            kinds: all.kinds(),
            all,
            closed: hand.melds().iter().all(|m| !m.kind().is_open()),
            melds: hand.melds().len(),
            kans: hand.melds().iter().filter(|m| m.kind().is_kan()).count() as u8,
            red: hand.all_red(),
        }
    }

    fn only(&self, allowed: TileSet) -> bool {
        self.kinds.is_subset(allowed)
    }

    /// The one numbered suit the hand uses, if it uses a single one.
    fn single_suit(&self) -> Option<Suit> {
        let mut used = Suit::NUMBERED
            .into_iter()
            .filter(|&s| self.kinds.intersects(TileSet::of_suit(s)));
        let first = used.next()?;
        used.next().is_none().then_some(first)
    }
}

/// The yaku of one (reading, wait) under a situation and rules.
pub(crate) fn find(
    win: &WinReading<'_>,
    facts: &HandFacts,
    ctx: &WinContext,
    rules: &Rules,
) -> Found {
    let mut yakuman = 0u64;
    let mut list = situation_yaku(facts, ctx, rules, &mut yakuman);
    tile_yaku(facts, rules, &mut list, &mut yakuman);
    match win.reading.form() {
        Form::Regular => {
            let census = Census::of(win, ctx);
            reading_yakuman(&census, win, facts, ctx, &mut yakuman);
            if yakuman == 0 {
                list |= yakuhai(&census, ctx);
                list |= sequence_yaku(&census, win, facts, ctx);
                list |= triplet_yaku(&census, facts);
            }
        }
        Form::SevenPairs => list |= bit(Yaku::Chiitoitsu),
        Form::ThirteenOrphans => {
            yakuman |= if win.wait.wait == Wait::Tanki {
                bit(Yaku::Kokushi13)
            } else {
                bit(Yaku::Kokushi)
            };
        }
        Form::HonorsAndKnitted | Form::KnittedStraight => {}
    }
    let mut found = Found {
        set: 0,
        yakuman: 0,
        han: 0,
        closed: facts.closed,
        single_yakuman: rules.double_yakuman == DoubleYakuman::Single,
    };
    if yakuman != 0 {
        finish_yakuman(&mut found, yakuman, rules);
    } else {
        found.set = list;
        found.han = han_of(list, facts.closed);
    }
    found
}

/// The yakuman of `set` as the rules count them: each double one single under
/// [`DoubleYakuman::Single`]; only the most valuable (the first in table order among
/// equals) when they do not stack.
fn finish_yakuman(found: &mut Found, mut set: u64, rules: &Rules) {
    if rules.yakuman_stacking == YakumanStacking::Single && set & (set - 1) != 0 {
        let best = yaku_set(set)
            .max_by_key(|&y| (found.value(y), core::cmp::Reverse(y)))
            .map_or(0, bit);
        set = best;
    }
    found.set = set;
    found.yakuman = yaku_set(set).map(|y| found.value(y)).sum();
}

/// The yaku of the situation (riichi, self-draw, the last tile, ...); the first-turn
/// yakuman go to `yakuman`.
fn situation_yaku(facts: &HandFacts, ctx: &WinContext, rules: &Rules, yakuman: &mut u64) -> u64 {
    let mut list = 0;
    match ctx.riichi {
        Riichi::None => {}
        Riichi::Riichi => list |= bit(Yaku::Riichi),
        Riichi::Double => list |= bit(Yaku::DoubleRiichi),
    }
    if ctx.ippatsu {
        list |= bit(Yaku::Ippatsu);
    }
    match ctx.method {
        WinMethod::Tsumo(event) => {
            if facts.closed {
                list |= bit(Yaku::MenzenTsumo);
            }
            match event {
                TsumoEvent::Plain => {}
                TsumoEvent::Rinshan => list |= bit(Yaku::RinshanKaihou),
                TsumoEvent::Haitei => list |= bit(Yaku::Haitei),
            }
        }
        WinMethod::Ron(event) => match event {
            RonEvent::Plain => {}
            RonEvent::Chankan => list |= bit(Yaku::Chankan),
            RonEvent::Houtei => list |= bit(Yaku::Houtei),
        },
    }
    match ctx.first_turn {
        FirstTurn::None => {}
        FirstTurn::Tenhou => *yakuman |= bit(Yaku::Tenhou),
        FirstTurn::Chiihou => *yakuman |= bit(Yaku::Chiihou),
        // Renhou as a mangan is applied to the final value (see `score`).
        FirstTurn::Renhou => {
            if rules.renhou == Renhou::Yakuman {
                *yakuman |= bit(Yaku::Renhou);
            }
        }
    }
    list
}

/// Yaku that depend only on which tiles the hand holds.
fn tile_yaku(facts: &HandFacts, rules: &Rules, list: &mut u64, yakuman: &mut u64) {
    if facts.only(TileSet::SIMPLES) && (facts.closed || rules.open_tanyao) {
        *list |= bit(Yaku::Tanyao);
    }
    if facts.only(TileSet::HONORS) {
        *yakuman |= bit(Yaku::Tsuuiisou);
    } else if facts.only(TileSet::TERMINALS) {
        *yakuman |= bit(Yaku::Chinroutou);
    } else if facts.only(TileSet::TERMINALS_AND_HONORS) {
        *list |= bit(Yaku::Honroutou);
    }
    if facts.only(TileSet::GREENS) {
        *yakuman |= bit(Yaku::Ryuuiisou);
    }
    if let Some(suit) = facts.single_suit() {
        if !facts.kinds.intersects(TileSet::HONORS) {
            *list |= bit(Yaku::Chinitsu);
            if facts.melds == 0 && chuuren(facts, suit) {
                *yakuman |= bit(Yaku::Chuuren);
            }
        } else {
            *list |= bit(Yaku::Honitsu);
        }
    }
}

/// Nine gates: 1112345678999 of one suit plus any tile of it, no melds. The pure form
/// has the nine-sided wait: the hand without the winning tile is exactly the pattern.
fn chuuren(facts: &HandFacts, suit: Suit) -> bool {
    let counts = facts.all.suit(suit);
    counts.iter().zip(shape::NINE_GATES).all(|(&c, p)| c >= p)
}

/// Marks nine gates as pure when the winning tile is the extra one.
fn upgrade_chuuren(facts: &HandFacts, win: Tile, yakuman: &mut u64) {
    if *yakuman & bit(Yaku::Chuuren) != 0 {
        let n = usize::from(win.number() - 1);
        if facts.all.get(win) == shape::NINE_GATES[n] + 1 {
            *yakuman = *yakuman & !bit(Yaku::Chuuren) | bit(Yaku::JunseiChuuren);
        }
    }
}

/// What the yaku of a regular reading look at, counted once over its blocks.
struct Census {
    /// The sequences' first tiles, in block order.
    seqs: [Tile; 4],
    /// How many sequences.
    n_seq: usize,
    /// Per suit, bit `n` set for a sequence starting at number `n` (the honours' entry
    /// stays empty).
    seq_starts: [u16; 4],
    /// Per suit, bit `n` set for a triplet (or quad) of number `n` (honours included).
    trip_numbers: [u16; 4],
    /// Triplets and quads.
    n_trip: u8,
    /// Triplets and quads made without a claimed tile (暗刻): not the one a ron completed.
    concealed_trips: u8,
    /// The honours held as triplets or quads.
    honour_trips: TileSet,
    /// The pair.
    pair: Tile,
    /// Every block holds a terminal or an honour (chanta / junchan).
    outside: bool,
}

impl Census {
    /// The census of a regular reading: sets first, the pair last (one test a set, a
    /// sequence or not, rather than a jump on its kind).
    fn of(win: &WinReading<'_>, ctx: &WinContext) -> Census {
        let completed = usize::from(win.wait.block);
        let ron = !ctx.method.is_tsumo();
        let (pair, sets) = match win.reading.blocks().split_last() {
            Some((pair, sets)) => (pair.first, sets),
            None => (Tile::M1, &[][..]),
        };
        let mut c = Census {
            seqs: [Tile::M1; 4],
            n_seq: 0,
            seq_starts: [0; 4],
            trip_numbers: [0; 4],
            n_trip: 0,
            concealed_trips: 0,
            honour_trips: TileSet::EMPTY,
            pair,
            outside: pair.is_terminal_or_honor(),
        };
        let mut honours = 0u64;
        for (i, b) in sets.iter().enumerate() {
            let t = b.first;
            let (suit, number) = (t.suit() as usize, t.number());
            if b.kind == BlockKind::Sequence {
                if let Some(slot) = c.seqs.get_mut(c.n_seq) {
                    *slot = t;
                }
                c.n_seq += 1;
                c.seq_starts[suit] |= 1 << number;
                c.outside &= number == 1 || number == 7;
            } else {
                c.trip_numbers[suit] |= 1 << number;
                c.n_trip += 1;
                let closed_origin = matches!(
                    b.origin,
                    Origin::Concealed | Origin::Declared(MeldKind::ClosedKan)
                );
                c.concealed_trips += u8::from(closed_origin & !(ron & (i == completed)));
                c.outside &= t.is_terminal_or_honor();
                honours |= u64::from(t.is_honor()) << t.index();
            }
        }
        c.honour_trips = TileSet::from_bits(honours);
        c
    }

    fn dragon_trips(&self) -> u32 {
        self.honour_trips.intersection(TileSet::DRAGONS).len()
    }

    fn wind_trips(&self) -> u32 {
        self.honour_trips.intersection(TileSet::WINDS).len()
    }
}

/// The yakuman a regular reading makes: four concealed triplets, big three dragons,
/// big and little four winds, four kongs, and pure nine gates.
fn reading_yakuman(
    c: &Census,
    win: &WinReading<'_>,
    facts: &HandFacts,
    ctx: &WinContext,
    yakuman: &mut u64,
) {
    if c.concealed_trips == 4 {
        *yakuman |= if win.wait.wait == Wait::Tanki {
            bit(Yaku::SuuankouTanki)
        } else {
            bit(Yaku::Suuankou)
        };
    }
    if c.dragon_trips() == 3 {
        *yakuman |= bit(Yaku::Daisangen);
    }
    if c.wind_trips() == 4 {
        *yakuman |= bit(Yaku::Daisuushii);
    } else if c.wind_trips() == 3 && c.pair.is_wind() {
        *yakuman |= bit(Yaku::Shousuushii);
    }
    if facts.kans == 4 {
        *yakuman |= bit(Yaku::Suukantsu);
    }
    upgrade_chuuren(facts, ctx.win.tile(), yakuman);
}

/// Valued triplets (役牌): each dragon, the seat wind and the round wind (a wind that
/// is both counts twice).
fn yakuhai(c: &Census, ctx: &WinContext) -> u64 {
    let mut list = 0;
    for t in c.honour_trips.iter() {
        let yaku = [
            (t == Tile::WHITE, Yaku::YakuhaiHaku),
            (t == Tile::GREEN, Yaku::YakuhaiHatsu),
            (t == Tile::RED, Yaku::YakuhaiChun),
            (t == ctx.seat_wind.tile(), Yaku::YakuhaiSeatWind),
            (t == ctx.round_wind.tile(), Yaku::YakuhaiRoundWind),
        ];
        for (applies, y) in yaku {
            if applies {
                list |= bit(y);
            }
        }
    }
    list
}

/// Yaku of sequences: pinfu, one or two pure double sequences, mixed triple sequence,
/// pure straight, and the outside hands (chanta, junchan) that need a sequence.
fn sequence_yaku(c: &Census, win: &WinReading<'_>, facts: &HandFacts, ctx: &WinContext) -> u64 {
    let mut list = 0;
    if is_pinfu(win, facts.closed, ctx) {
        list |= bit(Yaku::Pinfu);
    }
    if facts.closed {
        match twin_sequences(&c.seqs[..c.n_seq]) {
            0 => {}
            1 => list |= bit(Yaku::Iipeikou),
            _ => list |= bit(Yaku::Ryanpeikou),
        }
    }
    if c.seq_starts[0] & c.seq_starts[1] & c.seq_starts[2] != 0 {
        list |= bit(Yaku::SanshokuDoujun);
    }
    const STRAIGHT: u16 = 1 << 1 | 1 << 4 | 1 << 7;
    if c.seq_starts.iter().any(|&s| s & STRAIGHT == STRAIGHT) {
        list |= bit(Yaku::Ittsu);
    }
    if c.outside && c.n_seq > 0 {
        list |= if facts.kinds.intersects(TileSet::HONORS) {
            bit(Yaku::Chanta)
        } else {
            bit(Yaku::Junchan)
        };
    }
    list
}

/// Pairs of identical sequences among `seqs` (sorted by block order, so twins are
/// adjacent): 1 for iipeikou, 2 for ryanpeikou.
fn twin_sequences(seqs: &[Tile]) -> u8 {
    let mut twins = 0;
    let mut i = 0;
    while i + 1 < seqs.len() {
        if seqs[i] == seqs[i + 1] {
            twins += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    twins
}

/// Yaku of triplets: all triplets, three concealed triplets, triple triplets, three
/// kongs, little three dragons.
fn triplet_yaku(c: &Census, facts: &HandFacts) -> u64 {
    let mut list = 0;
    if c.n_trip == 4 {
        list |= bit(Yaku::Toitoi);
    }
    if c.concealed_trips == 3 {
        list |= bit(Yaku::Sanankou);
    }
    if c.trip_numbers[0] & c.trip_numbers[1] & c.trip_numbers[2] != 0 {
        list |= bit(Yaku::SanshokuDoukou);
    }
    if facts.kans == 3 {
        list |= bit(Yaku::Sankantsu);
    }
    if c.dragon_trips() == 2 && c.pair.is_dragon() {
        list |= bit(Yaku::Shousangen);
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_ok_ids_unique_and_round_trip() {
        let mut ids: Vec<_> = Yaku::ALL.iter().map(|y| y.id()).collect();
        for y in Yaku::ALL {
            assert_eq!(Yaku::from_id(y.id()), Some(*y));
        }
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Yaku::ALL.len());
        assert_eq!(Yaku::Chinitsu.info().han_open, 5);
        assert_eq!(Yaku::Kokushi13.info().yakuman, 2);
        assert!(Yaku::Dora.is_dora() && !Yaku::Dora.is_yakuman());
        // `Found::set` has a bit per row, in table order.
        assert!(Yaku::ALL.len() <= 64);
        for (i, y) in Yaku::ALL.iter().enumerate() {
            assert_eq!(*y as usize, i);
        }
    }

    #[test]
    fn han_of_ok_every_single_and_pair_of_yaku_as_the_table_sums() {
        let ordinary: Vec<Yaku> = Yaku::ALL
            .iter()
            .copied()
            .filter(|y| !y.is_yakuman() && !y.is_dora())
            .collect();
        assert_eq!(ordinary.len(), ORDINARY_ROWS);
        for closed in [false, true] {
            let found = Found {
                closed,
                ..Found::default()
            };
            let by_table = |set: u64| -> u8 { yaku_set(set).map(|y| found.value(y)).sum() };
            for &a in &ordinary {
                for &b in &ordinary {
                    let set = bit(a) | bit(b);
                    assert_eq!(han_of(set, closed), by_table(set), "{a:?} {b:?}");
                }
            }
            let all = ordinary.iter().fold(0, |s, &y| s | bit(y));
            assert_eq!(han_of(all, closed), by_table(all));
        }
    }

    #[test]
    fn table_ok_spec_ids_all_present() {
        let spec = "riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou ryanpeikou \
            yakuhai_haku yakuhai_hatsu yakuhai_chun yakuhai_round_wind yakuhai_seat_wind \
            rinshan_kaihou chankan haitei houtei chiitoitsu sanshoku_doujun ittsu chanta junchan \
            toitoi sanankou sanshoku_doukou sankantsu shousangen honroutou honitsu chinitsu kokushi \
            kokushi_13 suuankou suuankou_tanki daisangen shousuushii daisuushii tsuuiisou ryuuiisou \
            chinroutou chuuren junsei_chuuren suukantsu tenhou chiihou dora aka_dora ura_dora";
        for id in spec.split_whitespace() {
            assert!(Yaku::from_id(id).is_some(), "{id}");
        }
    }
}
