//! Yaku as records name them: Tenhou's names and numeric ids (the ids of the XML log's
//! `yaku` and `yakuman` attributes, 0–54), and the other spellings seen in records,
//! mapped onto [`Yaku`].
//!
//! Source of the id order: Tenhou's mjlog format as documented by
//! nekobean/mahjong-cpp (`docs/tenhou_mjlog.md`) and the `docs/formats.md` summary.
//! Round and seat winds have one id per wind; pairi has one yaku for each, so those map
//! to [`Yaku::YakuhaiRoundWind`] and [`Yaku::YakuhaiSeatWind`].

use crate::riichi::Yaku;
use crate::tile::Wind;

/// Tenhou's yaku names by id (0–54), as its logs write them.
const TENHOU: [&str; 55] = [
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
];

/// Tenhou's name of yaku id `id` (0–54).
#[must_use]
pub fn tenhou_yaku_id(id: u32) -> Option<&'static str> {
    TENHOU.get(id as usize).copied()
}

/// Tenhou's id (0–54) of a yaku by its Tenhou name.
#[must_use]
pub fn tenhou_id_of_name(name: &str) -> Option<u32> {
    TENHOU.iter().position(|&n| n == name).map(|i| i as u32)
}

/// Tenhou's id (0–54) of a yaku won in round `round` by the seat of wind `seat` (the
/// wind yaku have an id per wind). North dora (抜きドラ) has none: Tenhou counts it with
/// ドラ.
#[must_use]
pub fn tenhou_id_of(yaku: Yaku, round: Wind, seat: Wind) -> Option<u32> {
    match yaku {
        Yaku::YakuhaiSeatWind => Some(10 + seat as u32),
        Yaku::YakuhaiRoundWind => Some(14 + round as u32),
        Yaku::Kita => None,
        y => (0..55).find(|&id| yaku_of_name(TENHOU[id as usize]) == Some(y)),
    }
}

/// The pairi yaku a record's name stands for: Tenhou's names, pairi's own Japanese,
/// English and id spellings, and the variants of other producers (電脳麻将's `翻牌`,
/// Mahjong Soul's wind and dragon names, full-width digits).
#[must_use]
pub fn yaku_of_name(name: &str) -> Option<Yaku> {
    let name = name.trim();
    if let Some(y) = Yaku::ALL.iter().copied().find(|y| {
        let i = y.info();
        i.japanese == name || i.id == name || i.english.eq_ignore_ascii_case(name)
    }) {
        return Some(y);
    }
    let y = match name {
        "門前清自摸和" | "門前清自摸" | "門前清模和" | "自摸" => {
            Yaku::MenzenTsumo
        }
        "槍槓" | "搶槓" => Yaku::Chankan,
        "断幺九" | "断么九" | "断幺" => Yaku::Tanyao,
        "両立直" | "两立直" | "ダブル立直" | "ダブルリーチ" => Yaku::DoubleRiichi,
        "混全帯幺九" | "混全帯么九" | "全帯" | "チャンタ" => Yaku::Chanta,
        "純全帯幺九" | "純全帯么九" | "純全帯" => Yaku::Junchan,
        "一気通貫" | "一気通関" | "一通" => Yaku::Ittsu,
        "対々和" | "対対和" | "対々" => Yaku::Toitoi,
        "海底摸月" | "海底" => Yaku::Haitei,
        "河底撈魚" | "河底" => Yaku::Houtei,
        "嶺上開花" | "嶺上" => Yaku::RinshanKaihou,
        "国士無双１３面" | "国士無双13面" | "国士無双十三面" | "国士無双十三面待ち" => {
            Yaku::Kokushi13
        }
        "四暗刻単騎" | "四暗刻単騎待ち" => Yaku::SuuankouTanki,
        "純正九蓮宝燈" | "純正九蓮" => Yaku::JunseiChuuren,
        "九蓮宝燈" => Yaku::Chuuren,
        "赤ドラ" | "赤宝牌" | "赤" => Yaku::AkaDora,
        "裏ドラ" | "里宝牌" => Yaku::UraDora,
        "抜きドラ" | "北抜き" | "抜き北" | "北ドラ" | "拔北宝牌" => Yaku::Kita,
        _ => return mjai_name(name).or_else(|| wind_or_dragon(name)),
    };
    Some(y)
}

/// The names of the original mjai (gimite/mjai) and of the bots that follow it
/// (mjai-manue-go). Its `sangenpai` counts every dragon triplet in one entry, which no
/// one pairi yaku stands for.
fn mjai_name(name: &str) -> Option<Yaku> {
    Some(match name {
        "menzenchin_tsumoho" => Yaku::MenzenTsumo,
        "reach" => Yaku::Riichi,
        "double_reach" => Yaku::DoubleRiichi,
        "ippatsu" => Yaku::Ippatsu,
        "chankan" => Yaku::Chankan,
        "rinshankaiho" => Yaku::RinshanKaihou,
        "haiteiraoyue" => Yaku::Haitei,
        "hoteiraoyui" => Yaku::Houtei,
        "pinfu" => Yaku::Pinfu,
        "tanyaochu" => Yaku::Tanyao,
        "ipeko" => Yaku::Iipeikou,
        "jikaze" => Yaku::YakuhaiSeatWind,
        "bakaze" => Yaku::YakuhaiRoundWind,
        "chitoitsu" => Yaku::Chiitoitsu,
        "honchantaiyao" => Yaku::Chanta,
        "ikkitsukan" => Yaku::Ittsu,
        "sanshokudojun" => Yaku::SanshokuDoujun,
        "sanshokudoko" => Yaku::SanshokuDoukou,
        "sankantsu" => Yaku::Sankantsu,
        "toitoiho" => Yaku::Toitoi,
        "sananko" => Yaku::Sanankou,
        "shosangen" => Yaku::Shousangen,
        "honroto" => Yaku::Honroutou,
        "ryanpeko" => Yaku::Ryanpeikou,
        "junchantaiyao" => Yaku::Junchan,
        "honiso" => Yaku::Honitsu,
        "chiniso" => Yaku::Chinitsu,
        "renho" => Yaku::Renhou,
        "tenho" => Yaku::Tenhou,
        "chiho" => Yaku::Chiihou,
        "daisangen" => Yaku::Daisangen,
        "suanko" => Yaku::Suuankou,
        "tsuiso" => Yaku::Tsuuiisou,
        "ryuiso" => Yaku::Ryuuiisou,
        "chinroto" => Yaku::Chinroutou,
        "churenpoton" => Yaku::Chuuren,
        "kokushimuso" => Yaku::Kokushi,
        "daisushi" => Yaku::Daisuushii,
        "shosushi" => Yaku::Shousuushii,
        "sukantsu" => Yaku::Suukantsu,
        "uradora" => Yaku::UraDora,
        "akadora" => Yaku::AkaDora,
        _ => return None,
    })
}

/// `役牌 白`, `翻牌 白`, `白`, `場風 東`, `自風 東`, `役牌:場風牌`, ...
fn wind_or_dragon(name: &str) -> Option<Yaku> {
    let (head, tail) = match name.split_once([' ', '　', ':', '：']) {
        Some((h, t)) => (h, t.trim()),
        None => ("", name),
    };
    let dragon = |t: &str| match t {
        "白" | "haku" => Some(Yaku::YakuhaiHaku),
        "發" | "発" | "hatsu" => Some(Yaku::YakuhaiHatsu),
        "中" | "chun" => Some(Yaku::YakuhaiChun),
        _ => None,
    };
    match head {
        "役牌" | "翻牌" | "" => dragon(tail).or(match tail {
            "場風牌" | "場風" | "圈风刻" => Some(Yaku::YakuhaiRoundWind),
            "自風牌" | "自風" | "门风刻" => Some(Yaku::YakuhaiSeatWind),
            _ => None,
        }),
        "場風" | "圈风" => Some(Yaku::YakuhaiRoundWind),
        "自風" | "门风" | "門風" => Some(Yaku::YakuhaiSeatWind),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tenhou_id_names_a_yaku() {
        for id in 0..55 {
            let name = tenhou_yaku_id(id).unwrap();
            assert!(yaku_of_name(name).is_some(), "{id} {name}");
        }
        assert_eq!(yaku_of_name("翻牌 白"), Some(Yaku::YakuhaiHaku));
        assert_eq!(yaku_of_name("場風 東"), Some(Yaku::YakuhaiRoundWind));
        assert_eq!(yaku_of_name("自風 西"), Some(Yaku::YakuhaiSeatWind));
        assert_eq!(yaku_of_name("槍槓"), Some(Yaku::Chankan));
        assert_eq!(yaku_of_name("nothing"), None);
        assert_eq!(yaku_of_name("menzenchin_tsumoho"), Some(Yaku::MenzenTsumo));
        assert_eq!(yaku_of_name("honiso"), Some(Yaku::Honitsu));
        assert_eq!(yaku_of_name("akadora"), Some(Yaku::AkaDora));
        assert_eq!(yaku_of_name("sangenpai"), None);
        assert_eq!(yaku_of_name("Ura Dora"), Some(Yaku::UraDora));
    }

    #[test]
    fn every_yaku_but_north_dora_has_a_tenhou_id() {
        for &y in Yaku::ALL {
            let id = tenhou_id_of(y, Wind::South, Wind::West);
            assert_eq!(id.is_none(), y == Yaku::Kita, "{y:?}");
            if let Some(id) = id {
                assert_eq!(yaku_of_name(tenhou_yaku_id(id).unwrap()), Some(y), "{y:?}");
            }
        }
        assert_eq!(
            tenhou_id_of(Yaku::YakuhaiRoundWind, Wind::South, Wind::West),
            Some(15)
        );
        assert_eq!(
            tenhou_id_of(Yaku::YakuhaiSeatWind, Wind::South, Wind::West),
            Some(12)
        );
        assert_eq!(
            tenhou_id_of(Yaku::DoubleRiichi, Wind::East, Wind::East),
            Some(21)
        );
    }
}
