//! The JSON form of hands and melds: [`HandView`], the canonical view of a parsed hand
//! (what `pairi parse --json` prints), and [`MeldRequest`], a meld as the requests of
//! `docs/json-api.md` writes it (Riichi and MCR vocabularies both).
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

use super::{deserialize_by_name, Error};
use crate::decompose::Family;
use crate::hand::{Hand, HandSize, Meld, MeldKind, Source};
use crate::notation::{
    format_pai, format_pais, parse_tiles_each, parse_tiles_with, parse_wind, Dialect, Format,
};
use crate::riichi::context::MAX_INDICATORS;
use crate::riichi::rules::Players;
use crate::tile::{Pai, Tile, TileCounts, Wind};
use crate::util::FixedList;
use crate::wall::Wall;
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

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
    pub kind: MeldKind,
    /// The meld's tiles, sorted MPSZ with red fives as `0` (`"406p"`).
    pub tiles: String,
    /// The claimed tile's kind (MPSZ), when known; `null` for a concealed kong.
    pub claimed: Option<String>,
    /// Where the claimed tile came from: `left`, `opposite`, `right`, or `null`.
    pub source: Option<Source>,
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
            kind: meld.kind(),
            tiles: format_pais(&pais, Format::Mpsz),
            claimed: meld.claimed_tile().map(|t| t.to_string()),
            source: meld.source(),
        }
    }
}

/// Meld kinds in JSON: the Riichi names are written; the MCR names of the case files
/// (`chow`, `pung`, `kong`, `added_kong`, `concealed_kong`) are read as the same kinds
/// (`kong`, claimed or added, which MCR scores alike, reads as `minkan`).
impl Serialize for MeldKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Serialize for Source {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

deserialize_by_name!(MeldKind, "a meld kind: chi pon minkan ankan kakan (or chow pung kong concealed_kong added_kong)", {
    "chi" => MeldKind::Chi,
    "chow" => MeldKind::Chi,
    "pon" => MeldKind::Pon,
    "pung" => MeldKind::Pon,
    "minkan" => MeldKind::OpenKan,
    "kong" => MeldKind::OpenKan,
    "open_kong" => MeldKind::OpenKan,
    "ankan" => MeldKind::ClosedKan,
    "concealed_kong" => MeldKind::ClosedKan,
    "kakan" => MeldKind::AddedKan,
    "added_kong" => MeldKind::AddedKan,
});

deserialize_by_name!(Source, "a source: left, opposite or right", {
    "left" => Source::Left,
    "opposite" => Source::Opposite,
    "right" => Source::Right,
});

deserialize_by_name!(Family, "a rule family: riichi or mcr", {
    "riichi" => Family::Riichi,
    "mcr" => Family::Mcr,
});

deserialize_by_name!(Dialect, "a dialect: standard or mcr", {
    "standard" => Dialect::Standard,
    "mcr" => Dialect::Mcr,
});

impl Serialize for Wind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

/// A wind is read as the notation reads it: `E`, `east`, `1z`, `🀀`.
impl<'de> Deserialize<'de> for Wind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'_, str>>::deserialize(d)?;
        parse_wind(&s).map_err(de::Error::custom)
    }
}

impl Serialize for Family {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// Tiles given as one notation string (`"1z2z9m"`) or a list of tiles (`["1z", "9m"]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TilesField {
    /// `"1z2z9m"`.
    Text(String),
    /// `["1z", "2z", "9m"]`.
    List(Vec<String>),
}

impl Default for TilesField {
    fn default() -> Self {
        TilesField::List(Vec::new())
    }
}

impl TilesField {
    /// The tiles, in order, in `dialect`.
    ///
    /// # Errors
    ///
    /// `parse` when a tile is not notation.
    pub fn pais(&self, dialect: Dialect) -> Result<Vec<Pai>, Error> {
        Ok(match self {
            TilesField::Text(s) => parse_tiles_with(s, dialect)?,
            TilesField::List(v) => {
                let mut out = Vec::with_capacity(v.len());
                for s in v {
                    out.extend(parse_tiles_with(s, dialect)?);
                }
                out
            }
        })
    }

    /// The tiles as indicators ([`IndicatorTiles`]), in order.
    ///
    /// # Errors
    ///
    /// `parse` when a tile is not notation.
    pub fn indicators(&self) -> Result<IndicatorTiles, Error> {
        let mut out = IndicatorTiles::default();
        match self {
            TilesField::Text(s) => out.read(s)?,
            TilesField::List(v) => {
                for s in v {
                    out.read(s)?;
                }
            }
        }
        Ok(out)
    }

    /// The tiles as counts.
    ///
    /// # Errors
    ///
    /// `parse` when a tile is not notation.
    pub fn counts(&self) -> Result<TileCounts, Error> {
        Ok(self
            .pais(Dialect::Standard)?
            .into_iter()
            .map(Pai::tile)
            .collect())
    }
}

/// The dora or ura indicators of a request, read without allocating: the first six
/// tiles are kept, one more than a situation holds, so that however many are given,
/// [`WinContext::new`](crate::riichi::WinContext::new) refuses what it would refuse of
/// them all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IndicatorTiles(FixedList<Pai, { MAX_INDICATORS + 1 }>);

impl IndicatorTiles {
    /// Appends the tiles of `text` (notation, standard dialect): what
    /// [`TilesField::pais`] reads of it.
    ///
    /// # Errors
    ///
    /// `parse` when `text` is not notation (the tiles are then unchanged).
    pub fn read(&mut self, text: &str) -> Result<(), Error> {
        parse_tiles_each(text, Dialect::Standard, |p| {
            self.0.push(p);
        })?;
        Ok(())
    }

    /// The tiles kept, in order.
    #[must_use]
    pub fn as_slice(&self) -> &[Pai] {
        self.0.as_slice()
    }
}

/// A meld as a request writes it: `{"kind": "pon", "tiles": "777z"}` (Riichi cases) or
/// `{"kind": "chow", "tiles": "567m", "claimed": 2}`, `{"kind": "kong", "tiles":
/// "1111s", "from": 2}` (MCR cases). A [`MeldView`] reads back as the same meld. Every
/// request builds its melds here, through [`Meld::from_tiles`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldRequest {
    /// The kind, in either vocabulary.
    pub kind: MeldKind,
    /// Its tiles in any notation (red fives as `0`).
    pub tiles: String,
    /// The claimed tile: its position 1..3 in a chi's run, or the tile itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Claimed>,
    /// Source seat of a claimed set: 1 left, 2 opposite, 3 right.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u8>,
    /// Source seat by name (`left`, `opposite`, `right`); `from` wins when both are given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
}

/// The claimed tile of a meld: its position in the run (1..3) or the tile itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Claimed {
    /// Position 1, 2 or 3 in the run, lowest first.
    Position(u8),
    /// The tile (`"6m"`).
    Tile(String),
}

impl MeldRequest {
    /// The meld, its tiles read in `dialect`.
    ///
    /// # Errors
    ///
    /// `parse` for bad notation, `invalid_request` for a claim position or source seat
    /// out of range, `invalid_hand` for tiles that do not form that kind of meld.
    pub fn to_meld(&self, dialect: Dialect) -> Result<Meld, Error> {
        let pais =
            parse_tiles_with(&self.tiles, dialect).map_err(|e| Error::from(e).in_field("tiles"))?;
        let claimed = match &self.claimed {
            None => None,
            Some(Claimed::Position(n @ 1..=3)) => {
                let mut kinds: Vec<Tile> = pais.iter().map(|p| p.tile()).collect();
                kinds.sort_unstable();
                kinds.get(usize::from(n - 1)).copied()
            }
            Some(Claimed::Position(n)) => {
                return Err(Error::invalid_request(format!(
                    "`claimed` is a position 1, 2 or 3 in the meld, not {n}"
                )))
            }
            Some(Claimed::Tile(s)) => Some(parse_tile_with(s, dialect)?.tile()),
        };
        let source = match (self.from, self.source) {
            (Some(n), _) => Some(Source::from_number(n).ok_or_else(|| {
                Error::invalid_request(format!("`from` is a seat 1, 2 or 3, not {n}"))
            })?),
            (None, s) => s,
        };
        Ok(Meld::from_tiles(self.kind, &pais, claimed, source)?)
    }
}

/// The winning tile of a scoring request, the hand made whole: a hand of 13 − 3k
/// concealed tiles takes `win` as its fourteenth; a hand of 14 − 3k holds it (its last
/// tile written when `win` is absent). Both rule families read hands this way.
///
/// # Errors
///
/// `invalid_request` when a 13 − 3k tile hand has no `win`, `invalid_hand` for a tile
/// count no hand has or a fifth copy, `parse` for bad notation.
pub(crate) fn winning_tile(
    hand: &mut Hand,
    win: Option<&str>,
    dialect: Dialect,
) -> Result<Pai, Error> {
    let win = win
        .map(|w| parse_tile_with(w, dialect))
        .transpose()
        .map_err(|e| e.in_field("win"))?;
    winning_pai(hand, win)
}

/// [`winning_tile`] with the tile already read.
pub(crate) fn winning_pai(hand: &mut Hand, win: Option<Pai>) -> Result<Pai, Error> {
    match (hand.size()?, win) {
        (HandSize::Waiting, Some(w)) => {
            hand.add(w)?;
            Ok(w)
        }
        (HandSize::Drawn, Some(w)) => Ok(w),
        (HandSize::Drawn, None) => hand
            .last()
            .ok_or_else(|| Error::invalid_request("no winning tile: the hand is empty")),
        (HandSize::Waiting, None) => Err(Error::invalid_request(
            "`win` is missing: a hand of 13 - 3k tiles needs its winning tile \
             (or write 14 - 3k tiles, the winning tile last)",
        )),
    }
}

/// Reads exactly one tile in `dialect`.
pub(crate) fn parse_tile_with(s: &str, dialect: Dialect) -> Result<Pai, Error> {
    let (mut first, mut n) = (None, 0);
    parse_tiles_each(s, dialect, |p| {
        first = first.or(Some(p));
        n += 1;
    })?;
    match (first, n) {
        (Some(one), 1) => Ok(one),
        _ => Err(crate::notation::parse_tile(s)
            .map(|_| Error::invalid_request(format!("{s:?} is not one tile")))
            .unwrap_or_else(Error::from)),
    }
}

/// A player count: 3 or 4 (`players` in Riichi requests).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct PlayersField(pub Players);

impl TryFrom<u8> for PlayersField {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, String> {
        Players::from_count(n)
            .map(PlayersField)
            .ok_or_else(|| format!("`players` is 3 or 4, not {n}"))
    }
}

impl From<PlayersField> for u8 {
    fn from(p: PlayersField) -> u8 {
        p.0.count()
    }
}

/// `invalid_hand` for more North tiles set aside than exist (`kita` above 4).
pub(crate) fn check_kita(kita: u32) -> Result<(), Error> {
    let most = crate::riichi::context::MAX_KITA;
    if kita > u32::from(most) {
        return Err(Error::new(
            crate::error::ErrorKind::InvalidHand,
            format!("`kita` is 0 to {most}, not {kita}: four North tiles exist"),
        ));
    }
    Ok(())
}

impl PlayersField {
    /// The wall of a Riichi analysis for this many players (three: no 2m–8m).
    #[must_use]
    pub const fn wall(self) -> Wall {
        match self.0 {
            Players::Four => Wall::four_player([1, 1, 1]),
            Players::Three => Wall::three_player([1, 1, 1]),
        }
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
        serde_json::from_str::<MeldRequest>(json)
            .unwrap()
            .to_meld(Dialect::Standard)
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
            r#"{"kind": "chi", "tiles": "123m", "claimed": "4m"}"#,
            r#"{"kind": "pon", "tiles": "1112m"}"#,
            r#"{"kind": "pon", "tiles": "112m"}"#,
            r#"{"kind": "minkan", "tiles": "111m"}"#,
            r#"{"kind": "chi", "tiles": "89m1p"}"#,
        ] {
            assert_eq!(
                meld(json).map_err(|e| e.kind()),
                Err(crate::ErrorKind::InvalidHand),
                "{json}"
            );
        }
        assert_eq!(
            meld(r#"{"kind": "pon", "tiles": "11x"}"#).map_err(|e| e.kind()),
            Err(crate::ErrorKind::Parse)
        );
        for json in [
            r#"{"kind": "chi", "tiles": "123m", "claimed": 4}"#,
            r#"{"kind": "chi", "tiles": "123m", "claimed": 0}"#,
            r#"{"kind": "pon", "tiles": "111m", "from": 4}"#,
            r#"{"kind": "pon", "tiles": "111m", "from": 0}"#,
            r#"{"kind": "pon", "tiles": "111m", "from": 9}"#,
        ] {
            assert_eq!(
                meld(json).map_err(|e| e.kind()),
                Err(crate::ErrorKind::InvalidRequest),
                "{json}"
            );
        }
        assert!(
            serde_json::from_str::<MeldRequest>(r#"{"kind": "tiles", "tiles": "111m"}"#).is_err()
        );
    }

    #[test]
    fn winning_tile_ok_both_hand_sizes_and_err_missing() {
        use crate::api::mcr::FanRequest;
        use crate::api::riichi::ScoreRequest;
        use crate::api::Request;
        let score = |j: &str| {
            serde_json::from_str::<ScoreRequest>(j)
                .unwrap()
                .answer()
                .map(|r| r.total)
                .map_err(|e| e.kind())
        };
        let fan = |j: &str| {
            serde_json::from_str::<FanRequest>(j)
                .unwrap()
                .answer()
                .map(|r| r.fan)
                .map_err(|e| e.kind())
        };
        // 13 − 3k tiles plus `win`, or 14 − 3k tiles whose last is the winning tile.
        let thirteen = score(r#"{"hand": "234m406p7899s[777z]", "win": "9s", "seat_wind": "S"}"#);
        let fourteen = score(r#"{"hand": "234m406p78999s[777z]", "seat_wind": "S"}"#);
        assert_eq!(thirteen, Ok(2000));
        assert_eq!(thirteen, fourteen);
        assert_eq!(
            score(r#"{"hand": "234m406p7899s[777z]"}"#),
            Err(crate::ErrorKind::InvalidRequest)
        );
        assert_eq!(
            fan(r#"{"hand": "123m456p789s1122z", "win": "2z"}"#),
            fan(r#"{"hand": "123m456p789s11222z"}"#)
        );
        assert_eq!(
            fan(r#"{"hand": "123m456p789s1122z"}"#),
            Err(crate::ErrorKind::InvalidRequest)
        );
    }
}
