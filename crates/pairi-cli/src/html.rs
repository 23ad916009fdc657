//! The review as one self-contained HTML page: no script, no network, no font files.
//! Tiles are the page's SVG pictures (web/tiles.js), embedded once as a sprite of
//! `<symbol>`s and drawn with `<use>`; charts are inline SVG.

use pairi::api::record::{KyokuView, ReviewResult};
use std::fmt::Write;

const STYLE: &str = r#"
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1100px}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0}
td,th{padding:.2em .5em;border-bottom:1px solid #ddd;text-align:left;vertical-align:middle}
th{background:#f4f4f4}
.t{display:inline-block;width:1.2em;height:1.6em;margin:0 1px;vertical-align:bottom}
.t.s{width:1.6em;height:1.2em}
.c,.melds,.meld{display:inline-flex;align-items:flex-end;vertical-align:bottom;white-space:nowrap}
.melds{flex-wrap:wrap;margin-left:.5em;gap:0 .4em}.meld .added{display:inline-flex;flex-direction:column}
.drawn{margin-left:.5em}
.bad{background:#fff1f0}.flag{font-size:.8em;background:#eee;border-radius:3px;padding:0 .3em;margin-right:.2em}
.chart{margin:.3em 0}td.h{white-space:nowrap}
.jump a{margin-right:.5em;white-space:nowrap}.deltas{margin:.2em 0;color:#444}
@media (max-width:700px){body{margin:.5em}td,th{padding:.15em .2em}.t{width:.8em;height:1.07em;margin:0}.t.s{width:1.07em;height:.8em}
td.h{white-space:normal}
table.sum{font-size:.72em;display:block;overflow-x:auto;max-width:100%}table.sum td,table.sum th{padding:.1em .15em}
table.d tr{display:flex;flex-wrap:wrap;align-items:center;gap:0 .4em;border-bottom:1px solid #ddd;padding:.2em 0}
table.d tr:first-child{display:none}table.d td{border:none;padding:0}.chart{max-width:100%}
table.ch{font-size:.85em}table.ch tr{display:flex;flex-wrap:wrap;align-items:center;gap:0 .4em;border-bottom:1px solid #ddd}
table.ch tr:first-child{display:none}table.ch td{border:none;padding:0;display:flex;flex-wrap:wrap;align-items:center}
table.ch,table.d{display:block;overflow-x:auto;max-width:100%}}
.danger{display:flex;flex-wrap:wrap;gap:.1em .6em;font-size:.85em}.danger span{white-space:nowrap}
.fold{background:#eef6ff}.taken{font-weight:bold}.opt{white-space:nowrap;margin-right:.6em}
"#;

const COLOURS: [&str; 4] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The tile pictures of the page (web/tiles.js), one `<symbol>` per tile (`t5m`, `t0p`,
/// `t7z`, `tback`), written by web/tools/sprite.mjs. Embedded once in the report; each tile
/// is then a `<use>` of its symbol.
const SPRITE: &str = include_str!("../../../web/tiles-sprite.svg");

/// Whether `code` names a symbol of [`SPRITE`].
fn drawable(code: &str) -> bool {
    let b = code.as_bytes();
    code == "back"
        || (b.len() == 2
            && match b[1] {
                b'm' | b'p' | b's' => b[0].is_ascii_digit(),
                b'z' => (b'1'..=b'7').contains(&b[0]),
                _ => false,
            })
}

/// One tile as its picture: `5m`, `0p` (red five), `7z`, `back` (face down). Its
/// symbol's `<title>` (the MPSZ code) names it.
fn tile(code: &str) -> String {
    if !drawable(code) {
        return escape(code);
    }
    format!("<svg class=\"t\"><use href=\"#t{code}\"/></svg>")
}

/// A tile lying sideways (the claimed tile of a meld).
fn sideways(code: &str) -> String {
    if !drawable(code) {
        return escape(code);
    }
    format!("<svg class=\"t s\" viewBox=\"0 0 80 60\"><use href=\"#t{code}\" width=\"60\" height=\"80\" transform=\"translate(0 60) rotate(-90)\"/></svg>")
}

/// One declared meld in the hand notation (`[567m,2]`, `[999s,3]`, `[7777z]`,
/// `[5555z,6]`) laid out as players lay it, as web/tiles.js does: the claimed tile
/// sideways on the side of the seat it came from (a chow's first, from the left), an
/// added kong's fourth tile beside the sideways one, a concealed kong's ends face down.
fn meld(text: &str) -> String {
    let inner = text.trim_start_matches('[').trim_end_matches(']');
    let (run, from) = inner.split_once(',').unwrap_or((inner, ""));
    let list = codes(run);
    let src: usize = from.parse().unwrap_or(0);
    let mut out = String::from("<span class=\"meld\">");
    let chow = list.len() == 3 && !list[0].ends_with('z') && list[0][..1] != list[1][..1];
    if list.len() == 4 && src == 0 {
        for (i, c) in list.iter().enumerate() {
            out.push_str(&tile(if i == 0 || i == 3 { "back" } else { c }));
        }
    } else if chow {
        let k = src.clamp(1, 3) - 1;
        out.push_str(&sideways(&list[k]));
        for (i, c) in list.iter().enumerate() {
            if i != k {
                out.push_str(&tile(c));
            }
        }
    } else {
        let added = src > 4;
        let seat = if added { src - 4 } else { src.max(1) };
        let shown = if added {
            &list[..list.len().min(3)]
        } else {
            &list[..]
        };
        let side = match seat {
            1 => 0,
            2 => 1,
            _ => shown.len().saturating_sub(1),
        };
        for (i, c) in shown.iter().enumerate() {
            if i == side && added {
                let fourth = list.get(3).map_or(String::new(), |t| sideways(t));
                let _ = write!(out, "<span class=\"added\">{}{fourth}</span>", sideways(c));
            } else if i == side {
                out.push_str(&sideways(c));
            } else {
                out.push_str(&tile(c));
            }
        }
    }
    out.push_str("</span>");
    out
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

/// The page's head and title, up to the first game: the page is this, then each
/// game's [`section`], then [`END`].
pub(crate) fn start(title: &str) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>pairi review: {t}</title><style>{STYLE}</style></head><body>{sprite}<h1>pairi review: {t}</h1>",
        t = escape(title),
        // Inline SVG in HTML needs no namespace: the page names no address at all.
        sprite = SPRITE
            .trim_end()
            .replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1)
    );
    h
}

/// The end of the page, after the last game.
pub(crate) const END: &str = "</body></html>\n";

/// One game's part of the page: game number `n` of a file of several under its
/// heading (`game 2: names`), its anchors marked with its number (`#g2k0`); the only
/// game of a file (`None`) without them.
pub(crate) fn section(n: Option<usize>, res: &ReviewResult) -> String {
    let mut h = String::new();
    let Some(n) = n else {
        game(&mut h, res, "");
        return h;
    };
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
    h
}

/// One game's review, its kyoku anchors `#{id}k{index}`.
fn game(h: &mut String, res: &ReviewResult, id: &str) {
    let name = |seat: u8| escape(&crate::output::seat_name(res, seat));
    h.push_str("<table class=\"sum\"><tr><th>player</th><th>kyoku</th><th>win %</th><th>deal-in %</th><th>riichi %</th><th>call %</th><th>average win</th><th>best discard %</th><th>deal-ins</th><th>folds</th></tr>");
    for p in &res.players {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{:.0}</td><td>{:.1}</td><td>{}</td><td>{}</td></tr>",
            name(p.seat),
            p.kyokus,
            100.0 * p.win_rate,
            100.0 * p.deal_in_rate,
            100.0 * p.riichi_rate,
            100.0 * p.call_rate,
            p.average_win,
            100.0 * p.agreement,
            p.deal_ins,
            p.folds
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
            let fold = d.defence.as_ref().is_some_and(|x| x.fold);
            let mistake = d.defence.as_ref().map(|x| x.mistake);
            let class = match (fold, mistake, d.rank) {
                (true, Some(false), _) => " class=\"fold\"",
                (_, Some(true), _) | (false, None, 2..) => " class=\"bad\"",
                _ => "",
            };
            let mut hand = codes(&d.hand);
            if let Some(drawn) = &d.drawn {
                if let Some(i) = hand.iter().position(|c| c == drawn) {
                    hand.remove(i);
                }
            }
            let hand: String = hand.iter().map(|c| tile(c)).collect();
            let declared = if d.declared.is_empty() {
                String::new()
            } else {
                let melds: String = d.declared.iter().map(|m| meld(m)).collect();
                format!("<span class=\"melds\">{melds}</span>")
            };
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
                "<tr{class}><td>{}</td><td>{}</td><td class=\"h\"><span class=\"c\">{hand}{drawn}</span>{declared}</td><td>{}{riichi}</td><td>{} → {}</td><td>{} {}</td><td>{}</td><td>{}/{}</td><td>{flags}</td></tr>",
                d.event,
                name(d.seat),
                tile(&d.discard),
                d.shanten_before,
                d.shanten,
                d.useful_count,
                tiles(&d.useful),
                d.best.iter().map(|t| tile(t)).collect::<String>(),
                d.rank,
                d.choices
            );
            if let Some(x) = &d.defence {
                defence_row(h, x, &name);
            }
        }
        h.push_str("</table>");
        decisions(h, k, &name);
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

/// The discards offered against a threat, each with its danger (and value), under the
/// discard's row.
fn defence_row(h: &mut String, x: &pairi::api::review::DefenceView, name: &dyn Fn(u8) -> String) {
    let who: Vec<String> = x
        .threats
        .iter()
        .map(|&s| {
            let r = if x.riichi.contains(&s) {
                " (riichi)"
            } else {
                ""
            };
            format!("{}{r}", name(s))
        })
        .collect();
    let verdict = match (x.fold, x.mistake) {
        (true, false) => "fold",
        (true, true) => "fold, a mistake",
        (false, true) => "a mistake against the threat",
        (false, false) => "against the threat",
    };
    let _ = write!(
        h,
        "<tr class=\"def\"><td></td><td colspan=\"8\"><div class=\"danger\"><span>{verdict}: {}</span>",
        who.join(", ")
    );
    for o in &x.options {
        let value = o.value.map_or(String::new(), |v| format!(" value {v:.0}"));
        let _ = write!(
            h,
            "<span>{} {:.1}%{} {}{value}</span>",
            tile(&o.tile),
            100.0 * o.danger,
            if o.safety.is_empty() {
                String::new()
            } else {
                format!(" {}", o.safety.join(" "))
            },
            format_args!("s{} u{}", o.shanten, o.useful),
        );
    }
    h.push_str("</div></td></tr>");
}

/// The kyoku's other choices (riichi, calls, kongs): each option with its numbers,
/// the one taken in bold.
fn decisions(h: &mut String, k: &KyokuView, name: &dyn Fn(u8) -> String) {
    if k.decisions.is_empty() {
        return;
    }
    h.push_str("<table class=\"ch\"><tr><th>#</th><th>seat</th><th>choice</th><th>options</th><th></th></tr>");
    for c in &k.decisions {
        let options: String = c
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let mut t = o.action.to_owned();
                if let Some(p) = &o.tile {
                    t.push(' ');
                    t.push_str(&tile(p));
                }
                for p in &o.consumed {
                    t.push_str(&tile(p));
                }
                let _ = write!(t, " s{}", o.shanten);
                if let (Some(w), Some(s)) = (o.win, o.score) {
                    let _ = write!(t, " {:.1}% {s:.0}", 100.0 * w);
                }
                if c.best == Some(i) {
                    t.push_str(" ★");
                }
                let class = if o.taken { "opt taken" } else { "opt" };
                format!("<span class=\"{class}\">{t}</span>")
            })
            .collect();
        let class = if c.mistake { " class=\"bad\"" } else { "" };
        let _ = write!(
            h,
            "<tr{class}><td>{}</td><td>{}</td><td>{}{}</td><td>{options}</td><td>{}</td></tr>",
            c.event,
            name(c.seat),
            c.kind,
            if c.threat { " (threat)" } else { "" },
            if c.mistake { "mistake" } else { "" }
        );
    }
    h.push_str("</table>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_of_a_run() {
        assert_eq!(codes("12m0p7z"), ["1m", "2m", "0p", "7z"]);
        assert!(tile("0p").contains("href=\"#t0p\""));
        assert_eq!(tile("8z"), "8z");
        assert!(SPRITE.contains("<symbol id=\"t0p\"") && SPRITE.contains("<symbol id=\"tback\""));
        assert_eq!(escape("<a&\">"), "&lt;a&amp;&quot;&gt;");
    }

    /// The codes of a meld's tiles in order, `~` before a sideways one.
    fn laid(m: &str) -> Vec<String> {
        meld(m)
            .split("<svg")
            .skip(1)
            .map(|t| {
                let code = t
                    .split("#t")
                    .nth(1)
                    .unwrap_or("")
                    .split('"')
                    .next()
                    .unwrap_or("");
                if t.contains("class=\"t s\"") {
                    format!("~{code}")
                } else {
                    code.to_string()
                }
            })
            .collect()
    }

    #[test]
    fn melds_as_laid() {
        assert_eq!(laid("[567m,2]"), ["~6m", "5m", "7m"]);
        assert_eq!(laid("[999s,1]"), ["~9s", "9s", "9s"]);
        assert_eq!(laid("[999s,2]"), ["9s", "~9s", "9s"]);
        assert_eq!(laid("[999s,3]"), ["9s", "9s", "~9s"]);
        assert_eq!(laid("[7777z]"), ["back", "7z", "7z", "back"]);
        assert_eq!(laid("[5550p,3]"), ["5p", "5p", "5p", "~0p"]);
        assert_eq!(laid("[8888p,5]"), ["~8p", "~8p", "8p", "8p"]);
        assert!(meld("[8888p,5]").contains("class=\"added\""));
    }
}
