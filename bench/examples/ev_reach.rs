//! Dealt 14-tile hands of each shanten class 0 to 4 searched with the default options
//! (pairi model, or `compat`): states, memory and time, or the error past the bound:
//! `cargo run --release --example ev_reach -- PER_CLASS [compat]`.
#![allow(clippy::print_stdout)]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pairi::ev::{evaluate, Model, Options, Setup};
use pairi::hand::Hand;
use pairi::tile::{Tile, TileCounts};

fn main() {
    let per: usize = std::env::args().nth(1).map_or(6, |s| s.parse().unwrap());
    let model = if std::env::args().nth(2).as_deref() == Some("compat") {
        Model::Compat
    } else {
        Model::Pairi
    };
    let options = Options {
        model,
        ..Options::default()
    };
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut found = [0usize; 5];
    while found.iter().any(|&n| n < per) {
        let mut wall: Vec<u8> = (0..136u32).map(|i| (i / 4) as u8).collect();
        for i in (1..wall.len()).rev() {
            let j = (next() % (i as u64 + 1)) as usize;
            wall.swap(i, j);
        }
        let mut c = TileCounts::new();
        for &t in &wall[..14] {
            c.add(Tile::new_unchecked(t));
        }
        let s = pairi::shanten::riichi(&c, 0).unwrap().min();
        if !(0..=4).contains(&s) || found[s as usize] >= per {
            continue;
        }
        found[s as usize] += 1;
        let hand = Hand::from_counts(c).unwrap();
        let setup = Setup::new(hand.clone());
        let t0 = std::time::Instant::now();
        let r = evaluate(&setup, &options);
        let dt = t0.elapsed().as_secs_f64();
        match r {
            Ok(e) => println!(
                "{s} {hand} states {} mb {:.0} ms {:.0}",
                e.searched,
                e.memory_bytes as f64 / 1e6,
                dt * 1e3
            ),
            Err(e) => println!("{s} {hand} err {} ms {:.0}", e.kind().id(), dt * 1e3),
        }
    }
}
