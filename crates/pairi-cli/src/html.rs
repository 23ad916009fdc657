//! The review as one self-contained HTML page: no script, no network, no font files.
//! Tiles are drawn with CSS (a number over its suit's character), charts as inline SVG.

use pairi::api::record::{KyokuView, ReviewResult, Reviews};
use std::fmt::Write;

const STYLE: &str = r#"
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1100px}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0}
td,th{padding:.2em .5em;border-bottom:1px solid #ddd;text-align:left;vertical-align:middle}
th{background:#f4f4f4}
.t{display:inline-block;width:1.25em;height:1.75em;margin:0 1px;border:1px solid #999;border-radius:3px;
background:#fffdf6;text-align:center;font-size:.8em;line-height:.9em;padding-top:.12em;box-sizing:border-box}
.t b{display:block;font-size:1.1em}.t i{font-style:normal;font-size:.8em;font-weight:bold}
.m i{color:#b22}.p i{color:#23a}.s i{color:#282}.z b{padding-top:.3em}
.wd b{border:2px solid #58c;height:.8em;margin:0 .15em}.gd b{color:#282}.rd b{color:#c22}
.red b{color:#d00}.drawn{margin-left:.5em}
.bad{background:#fff1f0}.flag{font-size:.8em;background:#eee;border-radius:3px;padding:0 .3em;margin-right:.2em}
.chart{margin:.3em 0}td.h{white-space:nowrap}
.jump a{margin-right:.5em;white-space:nowrap}.deltas{margin:.2em 0;color:#444}
@media (max-width:700px){body{margin:.5em}td,th{padding:.15em .2em}.t{width:1.1em;height:1.6em;font-size:.7em}
table.sum{font-size:.72em}table.sum td,table.sum th{padding:.1em .15em}
table.d tr{display:flex;flex-wrap:wrap;align-items:center;gap:0 .4em;border-bottom:1px solid #ddd;padding:.2em 0}
table.d tr:first-child{display:none}table.d td{border:none;padding:0}.chart{max-width:100%}}
"#;

const COLOURS: [&str; 4] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One tile drawn in CSS: `5m`, `0p` (red five), `7z`. Faces use Latin letters only
/// (E S W N for the winds, a framed blank, G and R for the dragons), so the page reads
/// the same whatever fonts the reader has; the MPSZ code is the tile's tooltip.
fn tile(code: &str) -> String {
    let mut c = code.chars();
    let (Some(d), Some(suit)) = (c.next(), c.next()) else {
        return escape(code);
    };
    let n = d.to_digit(10).unwrap_or(0) as usize;
    let (face, sub, class) = match suit {
        'z' => {
            let (face, class) = match n {
                1 => ("E", "z"),
                2 => ("S", "z"),
                3 => ("W", "z"),
                4 => ("N", "z"),
                5 => ("&nbsp;", "z wd"),
                6 => ("G", "z gd"),
                7 => ("R", "z rd"),
                _ => return escape(code),
            };
            (face.to_string(), "", class)
        }
        'm' | 'p' | 's' => (
            if n == 0 { "5".into() } else { n.to_string() },
            match suit {
                'm' => "m",
                'p' => "p",
                _ => "s",
            },
            match suit {
                'm' => "m",
                'p' => "p",
                _ => "s",
            },
        ),
        _ => return escape(code),
    };
    let red = if n == 0 && suit != 'z' { " red" } else { "" };
    format!("<span class=\"t {class}{red}\" title=\"{code}\"><b>{face}</b><i>{sub}</i></span>")
}

/// The tiles of an MPSZ run (`123m406p11z`) as separate codes.
fn codes(mpsz: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for ch in mpsz.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            out.extend(digits.drain(..).map(|d| format!("{d}{ch}")));
        }
    }
    out
}

fn tiles(mpsz: &str) -> String {
    codes(mpsz).iter().map(|c| tile(c)).collect()
}

/// Shanten (solid) and useful tiles (dashed, right scale) after each discard, one
/// colour per seat.
fn chart(k: &KyokuView) -> String {
    let (w, h, pad) = (560.0_f64, 140.0_f64, 28.0_f64);
    let n = k.discards.len().max(2) as f64;
    let max_useful = k
        .discards
        .iter()
        .map(|d| d.useful_count)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let max_shanten = k
        .discards
        .iter()
        .map(|d| d.shanten.max(0))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / (n - 1.0);
    let mut s = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {w} {h}\" width=\"100%\" role=\"img\" aria-label=\"shanten and useful tiles\"><rect width=\"{w}\" height=\"{h}\" fill=\"#fafafa\"/>"
    );
    let _ = write!(
        s,
        "<text x=\"2\" y=\"12\" font-size=\"10\">shanten (—) useful (- -)</text><text x=\"2\" y=\"{}\" font-size=\"10\">0</text><text x=\"2\" y=\"{}\" font-size=\"10\">{max_shanten}</text><text x=\"{}\" y=\"{}\" font-size=\"10\">{max_useful}</text>",
        h - pad,
        pad,
        w - pad + 4.0,
        pad
    );
    let mut seats: Vec<u8> = k.discards.iter().map(|d| d.seat).collect();
    seats.sort_unstable();
    seats.dedup();
    for (i, &seat) in seats.iter().enumerate() {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"12\" font-size=\"10\" fill=\"{}\">seat {seat}</text>",
            200.0 + 50.0 * i as f64,
            COLOURS[usize::from(seat) % 4]
        );
    }
    for seat in seats {
        let colour = COLOURS[usize::from(seat) % 4];
        let mut shanten = String::new();
        let mut useful = String::new();
        for (i, d) in k
            .discards
            .iter()
            .enumerate()
            .filter(|(_, d)| d.seat == seat)
        {
            let ys = h - pad - (h - 2.0 * pad) * f64::from(d.shanten.max(0)) / max_shanten;
            let yu = h - pad - (h - 2.0 * pad) * f64::from(d.useful_count) / max_useful;
            let _ = write!(shanten, "{:.1},{:.1} ", x(i), ys);
            let _ = write!(useful, "{:.1},{:.1} ", x(i), yu);
        }
        let _ = write!(
            s,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{shanten}\"/><polyline fill=\"none\" stroke=\"{colour}\" stroke-dasharray=\"4 3\" points=\"{useful}\"/>"
        );
    }
    s.push_str("</svg>");
    s
}

/// The page: for a file of several games, each game under its heading (`game 2: names`),
/// its anchors marked with its number (`#g2k0`).
pub(crate) fn page(title: &str, reviews: &Reviews) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>pairi review: {t}</title><style>{STYLE}</style></head><body><h1>pairi review: {t}</h1>",
        t = escape(title)
    );
    if let [one] = reviews.games.as_slice() {
        game(&mut h, one, "");
    } else {
        for (i, res) in reviews.games.iter().enumerate() {
            let n = i + 1;
            let names: Vec<String> = res
                .players
                .iter()
                .map(|p| escape(&crate::output::seat_name(res, p.seat)))
                .collect();
            let _ = write!(
                h,
                "<h2 class=\"game\" id=\"g{n}\">game {n}: {}</h2>",
                names.join(" · ")
            );
            game(&mut h, res, &format!("g{n}"));
        }
    }
    h.push_str("</body></html>\n");
    h
}

/// One game's review, its kyoku anchors `#{id}k{index}`.
fn game(h: &mut String, res: &ReviewResult, id: &str) {
    let name = |seat: u8| escape(&crate::output::seat_name(res, seat));
    h.push_str("<table class=\"sum\"><tr><th>player</th><th>kyoku</th><th>win %</th><th>deal-in %</th><th>riichi %</th><th>call %</th><th>average win</th><th>best discard %</th></tr>");
    for p in &res.players {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{:.0}</td><td>{:.1}</td></tr>",
            name(p.seat),
            p.kyokus,
            100.0 * p.win_rate,
            100.0 * p.deal_in_rate,
            100.0 * p.riichi_rate,
            100.0 * p.call_rate,
            p.average_win,
            100.0 * p.agreement
        );
    }
    h.push_str("</table>");
    // Links to each kyoku, then each kyoku with its score line.
    h.push_str("<nav class=\"jump\">");
    for k in &res.kyokus {
        let _ = write!(h, "<a href=\"#{id}k{}\">{}</a> ", k.index, escape(&k.kyoku));
    }
    h.push_str("</nav>");
    for k in &res.kyokus {
        let _ = write!(
            h,
            "<h2 id=\"{id}k{}\">{} — {}</h2>",
            k.index,
            escape(&k.kyoku),
            escape(&k.result),
        );
        let line: Vec<String> = k
            .deltas
            .iter()
            .enumerate()
            .map(|(s, d)| {
                let seat = u8::try_from(s).unwrap_or(u8::MAX);
                let sign = if *d > 0 { "+" } else { "" };
                format!("{} {sign}{d}", name(seat))
            })
            .collect();
        let _ = write!(h, "<p class=\"deltas\">{}</p>", line.join(" · "));
        h.push_str(&chart(k));
        h.push_str("<table class=\"d\"><tr><th>#</th><th>seat</th><th>hand</th><th>discard</th><th>shanten</th><th>useful</th><th>best</th><th>rank</th><th></th></tr>");
        for d in &k.discards {
            let class = if d.rank == 1 { "" } else { " class=\"bad\"" };
            let mut hand = codes(&d.hand);
            if let Some(drawn) = &d.drawn {
                if let Some(i) = hand.iter().position(|c| c == drawn) {
                    hand.remove(i);
                }
            }
            let hand: String = hand.iter().map(|c| tile(c)).collect();
            let drawn = d.drawn.as_ref().map_or(String::new(), |t| {
                format!("<span class=\"drawn\">{}</span>", tile(t))
            });
            let flags: String = d
                .flags
                .iter()
                .map(|f| format!("<span class=\"flag\">{f}</span>"))
                .collect();
            let riichi = if d.riichi { " riichi" } else { "" };
            let _ = write!(
                h,
                "<tr{class}><td>{}</td><td>{}</td><td class=\"h\">{hand}{drawn}{}</td><td>{}{riichi}</td><td>{} → {}</td><td>{} {}</td><td>{}</td><td>{}/{}</td><td>{flags}</td></tr>",
                d.event,
                name(d.seat),
                if d.melds > 0 { format!(" +{} melds", d.melds) } else { String::new() },
                tile(&d.discard),
                d.shanten_before,
                d.shanten,
                d.useful_count,
                tiles(&d.useful),
                d.best.iter().map(|t| tile(t)).collect::<String>(),
                d.rank,
                d.choices
            );
        }
        h.push_str("</table>");
        for m in &k.missed {
            let _ = write!(
                h,
                "<p>{} could have won on {} by {} for {} points (event {}).</p>",
                name(m.seat),
                tile(&m.tile),
                if m.tsumo { "tsumo" } else { "ron" },
                m.points,
                m.event
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_of_a_run() {
        assert_eq!(codes("12m0p7z"), ["1m", "2m", "0p", "7z"]);
        assert!(tile("0p").contains("red"));
        assert!(tile("7z").contains("rd"));
        assert_eq!(escape("<a&\">"), "&lt;a&amp;&quot;&gt;");
    }
}
