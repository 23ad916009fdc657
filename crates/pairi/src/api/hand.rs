//! The JSON form of hands and melds: [`HandView`], the canonical view of a parsed hand
//! (what `pairi parse --json` prints), and [`MeldRequest`], a meld as the requests of
//! `spec/json-api.md` and `spec/cases.md` write it (Riichi and MCR vocabularies both).
//!
//! Two spellings of the same hand give the same view:
//!
//! ```
//! use pairi::api::hand::HandView;
//! use pairi::notation::parse_hand;
//! let a = HandView::from_hand(&parse_hand("1f1f1f2y2y2y").unwrap());
//! let b = HandView::from_hand(&parse_hand("🀀🀀🀀🀅🀅🀅").unwrap());
//! assert_eq!(a, b);
//! assert_eq!(a.concealed, "111666z");
//! ```

use crate::hand::{Hand, HandError, Meld, MeldKind, Source};
use crate::notation::{format_pai, format_pais, parse_tiles, Format};
use crate::tile::{Pai, Tile};
use crate::Error;
use serde::{Deserialize, Serialize};

/// A hand in canonical JSON form: sorted MPSZ with red fives as `0`, the red fives per
/// suit, the last tile written, and the melds in the order declared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandView {
    /// Concealed tiles, sorted MPSZ (`"123m406p11z"`); a red five sorts as a five.
    pub concealed: String,
    /// Red fives in the whole hand (concealed tiles and melds), per suit.
    pub red_fives: RedFives,
    /// The last concealed tile written (the tile drawn or won in a 14 − 3k hand), MPSZ.
    pub last: Option<String>,
    /// The declared melds, in the order written.
    pub melds: Vec<MeldView>,
}

/// Red fives per numbered suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RedFives {
    /// Red 5m.
    pub m: u8,
    /// Red 5p.
    pub p: u8,
    /// Red 5s.
    pub s: u8,
}

/// A meld in canonical JSON form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldView {
    /// `chi`, `pon`, `minkan`, `ankan` or `kakan`.
    pub kind: MeldKindId,
    /// The meld's tiles, sorted MPSZ with red fives as `0` (`"406p"`).
    pub tiles: String,
    /// The claimed tile's kind (MPSZ), when known; `null` for a concealed kong.
    pub claimed: Option<String>,
    /// Where the claimed tile came from: `left`, `opposite`, `right`, or `null`.
    pub source: Option<SourceId>,
}

/// The JSON names of meld kinds. Riichi names are written; the MCR names of the case
/// files (`chow`, `pung`, `kong`, `concealed_kong`) are read as the same kinds, and
/// `kong` (claimed or added, which MCR does not tell apart) reads as `minkan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKindId {
    /// A claimed run (チー / 吃).
    #[serde(alias = "chow")]
    Chi,
    /// A claimed triplet (ポン / 碰).
    #[serde(alias = "pung")]
    Pon,
    /// A kong from a claimed tile (大明槓 / 明杠).
    #[serde(alias = "kong")]
    Minkan,
    /// A concealed kong (暗槓 / 暗杠).
    #[serde(alias = "concealed_kong")]
    Ankan,
    /// An added kong (加槓 / 加杠).
    Kakan,
}

impl From<MeldKind> for MeldKindId {
    fn from(k: MeldKind) -> MeldKindId {
        match k {
            MeldKind::Chi => MeldKindId::Chi,
            MeldKind::Pon => MeldKindId::Pon,
            MeldKind::OpenKan => MeldKindId::Minkan,
            MeldKind::ClosedKan => MeldKindId::Ankan,
            MeldKind::AddedKan => MeldKindId::Kakan,
        }
    }
}

impl From<MeldKindId> for MeldKind {
    fn from(k: MeldKindId) -> MeldKind {
        match k {
            MeldKindId::Chi => MeldKind::Chi,
            MeldKindId::Pon => MeldKind::Pon,
            MeldKindId::Minkan => MeldKind::OpenKan,
            MeldKindId::Ankan => MeldKind::ClosedKan,
            MeldKindId::Kakan => MeldKind::AddedKan,
        }
    }
}

/// The JSON names of claim sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceId {
    /// The player on the left (上家).
    Left,
    /// The player opposite (対面 / 对家).
    Opposite,
    /// The player on the right (下家).
    Right,
}

impl From<Source> for SourceId {
    fn from(s: Source) -> SourceId {
        match s {
            Source::Left => SourceId::Left,
            Source::Opposite => SourceId::Opposite,
            Source::Right => SourceId::Right,
        }
    }
}

impl From<SourceId> for Source {
    fn from(s: SourceId) -> Source {
        match s {
            SourceId::Left => Source::Left,
            SourceId::Opposite => Source::Opposite,
            SourceId::Right => Source::Right,
        }
    }
}

impl HandView {
    /// The canonical view of `hand`.
    #[must_use]
    pub fn from_hand(hand: &Hand) -> HandView {
        let [m, p, s] = hand.all_red();
        HandView {
            concealed: format_pais(&hand.concealed_pais(), Format::Mpsz),
            red_fives: RedFives { m, p, s },
            last: hand.last().map(|t| format_pai(t, Format::Mpsz)),
            melds: hand.melds().iter().map(MeldView::from_meld).collect(),
        }
    }
}

impl From<&Hand> for HandView {
    fn from(hand: &Hand) -> HandView {
        HandView::from_hand(hand)
    }
}

impl MeldView {
    /// The canonical view of `meld`.
    #[must_use]
    pub fn from_meld(meld: &Meld) -> MeldView {
        let pais: Vec<Pai> = meld.pais().collect();
        MeldView {
            kind: meld.kind().into(),
            tiles: format_pais(&pais, Format::Mpsz),
            claimed: meld.claimed_tile().map(|t| t.to_string()),
            source: meld.source().map(SourceId::from),
        }
    }
}

/// A meld as a request writes it: `{"kind": "pon", "tiles": "777z"}` (Riichi cases) or
/// `{"kind": "chow", "tiles": "567m", "claimed": 2}`, `{"kind": "kong", "tiles":
/// "1111s", "from": 2}` (MCR cases). A [`MeldView`] reads back as the same meld.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldRequest {
    /// The kind, in either vocabulary.
    pub kind: MeldKindId,
    /// Its tiles in any notation (red fives as `0`).
    pub tiles: String,
    /// For a chi: the claimed tile, as its position 1..3 in the run or as a tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Claimed>,
    /// Source seat of a claimed set: 1 left, 2 opposite, 3 right.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u8>,
    /// Source seat by name (`left`, `opposite`, `right`); `from` wins when both are given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceId>,
}

/// The claimed tile of a chi: its position in the run (1..3) or the tile itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Claimed {
    /// Position 1, 2 or 3 in the run, lowest first.
    Position(u8),
    /// The tile (`"6m"`).
    Tile(String),
}

impl MeldRequest {
    /// The meld: its tiles must have the shape of its kind (`invalid_hand` otherwise),
    /// and must be notation (`parse` otherwise).
    pub fn to_meld(&self) -> Result<Meld, Error> {
        let kind = MeldKind::from(self.kind);
        let pais = parse_tiles(&self.tiles)?;
        let mut kinds: Vec<Tile> = pais.iter().map(|p| p.tile()).collect();
        kinds.sort_unstable();
        let first = kinds.first().copied().unwrap_or(Tile::M1);
        let bad = || Error::Hand(HandError::BadMeld { kind, first });
        let red = u8::try_from(pais.iter().filter(|p| p.is_red()).count()).map_err(|_| bad())?;
        let size = if kind.is_kan() { 4 } else { 3 };
        if kinds.len() != size {
            return Err(bad());
        }
        if kind == MeldKind::Chi {
            let run = kinds
                .iter()
                .enumerate()
                .all(|(i, t)| Some(*t) == Tile::new(first.as_u8() + i as u8))
                && kinds[2].suit() == first.suit();
            if !run {
                return Err(bad());
            }
            let claimed = match &self.claimed {
                None => None,
                Some(Claimed::Position(n @ 1..=3)) => Some(n - 1),
                Some(Claimed::Position(_)) => return Err(bad()),
                Some(Claimed::Tile(s)) => {
                    let t = crate::notation::parse_tile(s)?.tile();
                    let i = kinds.iter().position(|&k| k == t).ok_or_else(bad)?;
                    Some(i as u8)
                }
            };
            return Ok(Meld::chi(first, claimed, red)?);
        }
        if kinds.iter().any(|&t| t != first) {
            return Err(bad());
        }
        let source = match (self.from, self.source) {
            (Some(n), _) => Some(Source::from_number(n).ok_or_else(bad)?),
            (None, s) => s.map(Source::from),
        };
        Ok(Meld::set(kind, first, source, red)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;
    use crate::t;

    fn view(s: &str) -> String {
        serde_json::to_string(&HandView::from_hand(&parse_hand(s).unwrap())).unwrap()
    }

    #[test]
    fn from_hand_ok_equivalent_spellings() {
        let want = view("111z666z");
        for s in ["1f1f1f2y2y2y", "EEEFFF", "🀀🀀🀀🀅🀅🀅"] {
            assert_eq!(view(s), want, "{s}");
        }
        assert_eq!(
            want,
            r#"{"concealed":"111666z","red_fives":{"m":0,"p":0,"s":0},"last":"6z","melds":[]}"#
        );
    }

    #[test]
    fn from_hand_ok_melds_and_red() {
        let v = view("[567m,2]406p[0555s,6][EEEE][999s,3]");
        assert_eq!(
            v,
            concat!(
                r#"{"concealed":"406p","red_fives":{"m":0,"p":1,"s":1},"last":"6p","melds":["#,
                r#"{"kind":"chi","tiles":"567m","claimed":"6m","source":"left"},"#,
                r#"{"kind":"kakan","tiles":"0555s","claimed":"5s","source":"opposite"},"#,
                r#"{"kind":"ankan","tiles":"1111z","claimed":null,"source":null},"#,
                r#"{"kind":"pon","tiles":"999s","claimed":"9s","source":"right"}]}"#
            )
        );
    }

    fn meld(json: &str) -> Result<Meld, Error> {
        serde_json::from_str::<MeldRequest>(json).unwrap().to_meld()
    }

    #[test]
    fn to_meld_ok_both_vocabularies() {
        let m = meld(r#"{"kind": "pon", "tiles": "777z"}"#).unwrap();
        assert_eq!(
            (m.kind(), m.first(), m.source()),
            (MeldKind::Pon, t!(C), None)
        );
        let m = meld(r#"{"kind": "chow", "tiles": "234s", "claimed": 2}"#).unwrap();
        assert_eq!(m.claimed_tile(), Some(t!(3s)));
        let m = meld(r#"{"kind": "chi", "tiles": "406p", "claimed": "0p"}"#).unwrap();
        assert_eq!((m.claimed_tile(), m.red()), (Some(t!(5p)), 1));
        let m = meld(r#"{"kind": "kong", "tiles": "1111s", "from": 2}"#).unwrap();
        assert_eq!(
            (m.kind(), m.source()),
            (MeldKind::OpenKan, Some(Source::Opposite))
        );
        let m = meld(r#"{"kind": "concealed_kong", "tiles": "SSSS"}"#).unwrap();
        assert_eq!(m.kind(), MeldKind::ClosedKan);
        let m = meld(r#"{"kind": "kakan", "tiles": "5505m", "source": "right"}"#).unwrap();
        assert_eq!((m.source(), m.red()), (Some(Source::Right), 1));
    }

    #[test]
    fn to_meld_ok_view_reads_back() {
        let h = parse_hand("[567m,2][0555s,6][EEEE][1111p,1]").unwrap();
        for (m, v) in h.melds().iter().zip(HandView::from_hand(&h).melds) {
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(meld(&json).unwrap(), *m, "{json}");
        }
    }

    #[test]
    fn to_meld_err_shapes() {
        for json in [
            r#"{"kind": "chi", "tiles": "124m"}"#,
            r#"{"kind": "chi", "tiles": "EEE"}"#,
            r#"{"kind": "chi", "tiles": "899m"}"#,
            r#"{"kind": "chi", "tiles": "123m", "claimed": 4}"#,
            r#"{"kind": "chi", "tiles": "123m", "claimed": "4m"}"#,
            r#"{"kind": "pon", "tiles": "1112m"}"#,
            r#"{"kind": "pon", "tiles": "112m"}"#,
            r#"{"kind": "minkan", "tiles": "111m"}"#,
            r#"{"kind": "pon", "tiles": "111m", "from": 4}"#,
            r#"{"kind": "chi", "tiles": "89m1p"}"#,
        ] {
            assert_eq!(
                meld(json).map_err(|e| e.kind()),
                Err("invalid_hand"),
                "{json}"
            );
        }
        assert_eq!(
            meld(r#"{"kind": "pon", "tiles": "11x"}"#).map_err(|e| e.kind()),
            Err("parse")
        );
        assert!(
            serde_json::from_str::<MeldRequest>(r#"{"kind": "tiles", "tiles": "111m"}"#).is_err()
        );
    }
}
