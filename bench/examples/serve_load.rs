//! Load on `pairi serve`: short requests from many clients while a few others loop the
//! longest request the server allows; prints the short requests' throughput and
//! latency (p50, p99, max) and what became of the long ones.
//!
//! ```sh
//! cd bench && cargo run --release --example serve_load -- http://127.0.0.1:8750 \
//!     [seconds=10] [short clients=64] [long clients=8]
//! ```
//!
//! Each client is one keep-alive connection sending its next request as soon as the
//! previous answer is in (a closed loop, like wrk). Short: `/v1/analyze` of a
//! 14-tile hand. Long: `/v1/ev` of a 3-shanten hand with 20 explained paths per
//! discard (about 206 000 hand states under the server's default cap of 300 000; 5
//! to 10 s alone on two cores).

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::Request;
use hyper_util::rt::TokioIo;
use std::time::{Duration, Instant};

const SHORT: (&str, &str) = ("/v1/analyze", r#"{"hand": "1289m3478p25s1567z"}"#);
const LONG: (&str, &str) = (
    "/v1/ev",
    r#"{"hand": "1235m2469p13588s1z", "explain": true, "paths": 20}"#,
);

/// Loops one request on one connection until `end`; returns each answer's status and
/// latency.
async fn client(
    addr: String,
    (path, body): (&'static str, &'static str),
    end: Instant,
) -> Vec<(u16, Duration)> {
    let mut out = Vec::new();
    'connection: while Instant::now() < end {
        let Ok(stream) = tokio::net::TcpStream::connect(&addr).await else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let _ = stream.set_nodelay(true);
        let Ok((mut sender, conn)) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await
        else {
            continue;
        };
        tokio::spawn(conn);
        while Instant::now() < end {
            let request = Request::post(path)
                .header("host", &addr)
                .header("content-type", "application/json")
                .body(Full::new(Bytes::from_static(body.as_bytes())))
                .expect("a request");
            let start = Instant::now();
            let left = end.saturating_duration_since(start) + Duration::from_secs(30);
            let answer = tokio::time::timeout(left, async {
                let response = sender.send_request(request).await.ok()?;
                let status = response.status().as_u16();
                response.into_body().collect().await.ok()?;
                Some(status)
            })
            .await;
            match answer {
                Ok(Some(status)) => out.push((status, start.elapsed())),
                // The connection closed (the server's keep-alive limit): open another.
                _ => continue 'connection,
            }
        }
    }
    out
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let url = args.get(1).map_or("http://127.0.0.1:8750", String::as_str);
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let number =
        |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let seconds = number(2, 10);
    let shorts = number(3, 64);
    let longs = number(4, 8);
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
    let long: Vec<_> = (0..longs)
        .map(|_| tokio::spawn(client(addr.clone(), LONG, end)))
        .collect();
    // The long requests start first, so that the short ones meet them running.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let short_start = Instant::now();
    let short: Vec<_> = (0..shorts)
        .map(|_| tokio::spawn(client(addr.clone(), SHORT, end)))
        .collect();
    let mut answers = Vec::new();
    for c in short {
        answers.extend(c.await.unwrap_or_default());
    }
    let short_time = short_start.elapsed();
    let mut long_answers = Vec::new();
    for c in long {
        long_answers.extend(c.await.unwrap_or_default());
    }
    let mut times: Vec<Duration> = answers.iter().map(|&(_, t)| t).collect();
    times.sort_unstable();
    let ok = answers.iter().filter(|&&(s, _)| s == 200).count();
    println!(
        "short {}: {shorts} clients, {} answers ({ok} 200) in {:.1} s: {:.0} req/s, p50 {}, p99 {}, max {}",
        SHORT.0,
        answers.len(),
        short_time.as_secs_f64(),
        answers.len() as f64 / short_time.as_secs_f64(),
        ms(percentile(&times, 0.50)),
        ms(percentile(&times, 0.99)),
        ms(percentile(&times, 1.0)),
    );
    let mut by_status = std::collections::BTreeMap::new();
    for &(s, t) in &long_answers {
        let e: &mut (usize, Duration) = by_status.entry(s).or_default();
        e.0 += 1;
        e.1 = e.1.max(t);
    }
    let statuses: Vec<String> = by_status
        .iter()
        .map(|(s, (n, max))| format!("{n} × {s} (slowest {})", ms(*max)))
        .collect();
    println!(
        "long {}: {longs} clients, {} answers: {}",
        LONG.0,
        long_answers.len(),
        statuses.join(", ")
    );
}
