//! Structure-aware requests: hands, melds, flags, winds, indicators and counters drawn
//! from their vocabularies, so the fuzzer spends its time inside the scorers and the
//! analysis rather than in the JSON reader. Counts reach far past what a game allows
//! (hundreds of copies, huge honba) to find overflows.
#![no_main]

#[path = "common.rs"]
mod common;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use pairi::api::{analysis, mcr, riichi};
use serde_json::{json, Value};

/// A tile as a byte: the notation's spellings, red fives and honour letters included.
#[derive(Arbitrary, Debug)]
struct TileByte(u8);

const SPELLINGS: [&str; 44] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z",
    "6z", "7z", "0m", "0p", "0s", "E", "S", "W", "N", "P", "F", "C",
];

impl TileByte {
    fn text(&self) -> &'static str {
        SPELLINGS[usize::from(self.0) % SPELLINGS.len()]
    }
}

#[derive(Arbitrary, Debug)]
struct MeldInput {
    kind: u8,
    tiles: Vec<TileByte>,
    claimed: Option<u8>,
    from: Option<u8>,
}

#[derive(Arbitrary, Debug)]
enum Kind {
    Score,
    Fan,
    Shanten,
    Analyze,
}

#[derive(Arbitrary, Debug)]
struct Input {
    kind: Kind,
    hand: Vec<TileByte>,
    melds: Vec<MeldInput>,
    win: Option<TileByte>,
    flags: u16,
    round: u8,
    seat: u8,
    dora: Vec<TileByte>,
    ura: Vec<TileByte>,
    honba: u32,
    sticks: u32,
    flowers: u8,
    meld_count: u8,
    visible: Vec<TileByte>,
    rules: u8,
    players: Option<u8>,
    kita: u8,
}

fn tiles(v: &[TileByte]) -> String {
    v.iter().map(TileByte::text).collect()
}

fn meld(m: &MeldInput) -> Value {
    const KINDS: [&str; 10] = [
        "chi",
        "pon",
        "minkan",
        "ankan",
        "kakan",
        "chow",
        "pung",
        "kong",
        "concealed_kong",
        "added_kong",
    ];
    let mut v = json!({
        "kind": KINDS[usize::from(m.kind) % KINDS.len()],
        "tiles": tiles(&m.tiles),
    });
    if let Some(c) = m.claimed {
        v["claimed"] = json!(c);
    }
    if let Some(f) = m.from {
        v["from"] = json!(f);
    }
    v
}

fuzz_target!(|input: Input| {
    const WINDS: [&str; 6] = ["E", "S", "W", "N", "east", "1z"];
    let flag = |i: u16| input.flags >> i & 1 == 1;
    let melds: Vec<Value> = input.melds.iter().take(6).map(meld).collect();
    let mut request = json!({
        "id": 1,
        "hand": tiles(&input.hand),
        "round_wind": WINDS[usize::from(input.round) % WINDS.len()],
        "seat_wind": WINDS[usize::from(input.seat) % WINDS.len()],
    });
    if let Some(w) = &input.win {
        request["win"] = json!(w.text());
    }
    // Three players (and other counts, to reach the errors), North set aside.
    if let Some(p) = input.players {
        request["players"] = json!(p % 6);
    }
    if input.kita > 0 {
        request["kita"] = json!(input.kita);
    }
    let line = match input.kind {
        Kind::Score => {
            for (i, name) in pairi::riichi::Flags::NAMES.iter().enumerate() {
                request[*name] = json!(flag(i as u16));
            }
            const PRESETS: [&str; 8] = [
                "default",
                "tenhou",
                "mahjongsoul",
                "mleague",
                "wrc",
                "ema",
                "tenhou-sanma",
                "mahjongsoul-sanma",
            ];
            request["melds"] = Value::Array(melds);
            request["dora"] = json!(input.dora.iter().map(TileByte::text).collect::<Vec<_>>());
            request["ura"] = json!(tiles(&input.ura));
            request["honba"] = json!(input.honba);
            request["riichi_sticks"] = json!(input.sticks);
            request["rules"] = json!(PRESETS[usize::from(input.rules) % PRESETS.len()]);
            request.to_string()
        }
        Kind::Fan => {
            for (i, name) in ["tsumo", "fourth_tile", "kong", "last_tile"]
                .iter()
                .enumerate()
            {
                request[*name] = json!(flag(i as u16));
            }
            request["melds"] = Value::Array(melds);
            request["flowers"] = json!(input.flowers);
            if input.rules % 3 == 1 {
                request["rules"] = json!("strict_1998");
            }
            if input.rules % 5 == 2 {
                request["dialect"] = json!("mcr");
            }
            request.to_string()
        }
        Kind::Shanten | Kind::Analyze => {
            request["melds"] = if flag(0) {
                Value::Array(melds)
            } else {
                json!(input.meld_count)
            };
            request["classic"] = json!(flag(1));
            request["family"] = json!(if flag(2) { "mcr" } else { "riichi" });
            request["kongs_in_hand"] = json!(flag(3));
            request["visible"] = json!(tiles(&input.visible));
            request["discarded"] = json!(if flag(4) { "drawable" } else { "gone" });
            request.to_string()
        }
    };
    let bytes = line.as_bytes();
    match input.kind {
        Kind::Score => common::answer_line::<riichi::ScoreRequest>(bytes),
        Kind::Fan => common::answer_line::<mcr::FanRequest>(bytes),
        Kind::Shanten => common::answer_line::<analysis::ShantenRequest>(bytes),
        Kind::Analyze => common::answer_line::<analysis::AnalysisRequest>(bytes),
    }
});
