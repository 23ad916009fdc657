//! `pairi serve`: the JSON API over HTTP and the web page, from one binary.
//!
//! - `POST /v1/<kind>` (`analyze shanten score fan stats parse ev review record_check
//!   record_convert`): one request object, answered by its result object (200) or the
//!   error object `{"error": {"kind", "message"}}` (400 for `parse` and
//!   `invalid_request`, 422 for a hand the rules refuse); or an array of requests,
//!   answered by an array in order, each element as a batch line answers (`id`
//!   echoed, an error object in place of a bad request), with 200.
//! - `GET /v1/health`: `{"status": "ok", "version"}`.
//! - `GET /` and the page's files, embedded in the binary (the page asks this server;
//!   served from a static host it runs pairi as WebAssembly instead).
//!
//! Hardening: the body is limited (`--max-body`, 413 beyond), each request has a time
//! limit (`--timeout`, 503 beyond) and runs on a bounded pool of blocking threads
//! (`--jobs` at once; the others wait, counted in the time limit), expected-value
//! searches are capped at `--max-states` states and Monte Carlo statistics at
//! `--max-hands` hands (422 beyond, before any work), and the server listens on a
//! loopback address unless `--public` says otherwise. Nothing a client sends can make it
//! panic: every answer comes from the library's `answer`, which returns errors.

use anyhow::Context;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use pairi::api::batch::{answer_kind, KINDS};
use pairi::api::{Error, ErrorKind};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi serve\n  \
    pairi serve --addr 127.0.0.1:9000 --jobs 2 --timeout 5\n  \
    pairi serve --addr 0.0.0.0:8750 --public --max-states 100000\n\n\
Then: curl -H 'content-type: application/json' -d '{\"hand\": \"123m406p789s1122z\"}' \\\n  \
    http://127.0.0.1:8750/v1/analyze\n\
The API and its limits: docs/web.md and docs/json-api.md.")]
pub(crate) struct Args {
    /// Address and port to listen on (port 0: any free port, printed on start).
    #[arg(long, default_value = "127.0.0.1:8750")]
    addr: SocketAddr,
    /// Allow an address other than loopback (the API has no authentication).
    #[arg(long)]
    public: bool,
    /// Largest request body, in bytes.
    #[arg(long, default_value_t = 4 << 20)]
    max_body: usize,
    /// Time limit of one request, in seconds (waiting for a free thread included).
    #[arg(long, default_value_t = 10)]
    timeout: u64,
    /// Requests computed at once (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Largest expected-value search, in hand states (a request asking more is refused;
    /// one asking nothing gets this).
    #[arg(long, default_value_t = 300_000)]
    max_states: u64,
    /// Largest Monte Carlo statistics run, in hands.
    #[arg(long, default_value_t = 10_000_000)]
    max_hands: u64,
}

/// The page's files, embedded: name, content type, bytes.
const FILES: [(&str, &str, &str); 6] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/app.js"),
    ),
    (
        "pairi.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/pairi.js"),
    ),
    (
        "tiles.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/tiles.js"),
    ),
    (
        "worker.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/worker.js"),
    ),
];

struct Limits {
    timeout: Duration,
    /// Requests computed at once: a permit is held until the computation ends, even
    /// after its client has been answered 503.
    jobs: Arc<Semaphore>,
    max_states: u64,
    max_hands: u64,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if !args.addr.ip().is_loopback() && !args.public {
        return Err(crate::output::refused(
            Error::invalid_request(format!(
                "{} is not a loopback address: add --public to serve other machines (the API has no authentication)",
                args.addr
            )),
            false,
        ));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, usize::from))
        .max(1);
    let limits = Arc::new(Limits {
        timeout: Duration::from_secs(args.timeout.max(1)),
        jobs: Arc::new(Semaphore::new(jobs)),
        max_states: args.max_states,
        max_hands: args.max_hands,
    });
    let app = Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/v1/health", get(health))
        .route("/v1/{kind}", post(answer))
        .route(
            "/{name}",
            get(|Path(name): Path<String>| async move { file(&name) }),
        )
        .layer(DefaultBodyLimit::max(args.max_body))
        .with_state(limits);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(jobs + 2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let local = listener.local_addr()?;
        crate::output::print_line(&format!("pairi serve: http://{local}/"))?;
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("the server stopped")
    })
}

fn file(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => error(
            StatusCode::NOT_FOUND,
            &Error::invalid_request(format!("no page file {name:?}")),
        ),
    }
}

async fn health() -> Response {
    json_response(
        StatusCode::OK,
        &json!({"status": "ok", "version": env!("CARGO_PKG_VERSION"), "kinds": KINDS}),
    )
}

fn json_response(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Parse | ErrorKind::InvalidRequest => StatusCode::BAD_REQUEST,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

fn error(status: StatusCode, e: &Error) -> Response {
    json_response(status, &json!({ "error": e }))
}

/// Refuses an expected-value search (an `ev` request, or the `ev` object of an analysis)
/// past the server's cap; gives one without `max_states` the cap.
fn capped_states(
    obj: &mut serde_json::Map<String, Value>,
    field: &str,
    limits: &Limits,
) -> Result<(), Error> {
    match obj.get("max_states").map(Value::as_u64) {
        None => {
            obj.insert("max_states".into(), limits.max_states.into());
        }
        Some(Some(n)) if n > limits.max_states => {
            return Err(Error::invalid_request(format!(
                "`{field}`: this server searches at most {} hand states",
                limits.max_states
            )))
        }
        Some(_) => {}
    }
    Ok(())
}

/// Refuses a request whose long work exceeds the server's caps; gives an expected-value
/// search without `max_states` the server's cap.
fn capped(kind: &str, request: &mut Value, limits: &Limits) -> Result<(), Error> {
    let Some(obj) = request.as_object_mut() else {
        return Ok(());
    };
    match kind {
        "ev" => capped_states(obj, "max_states", limits)?,
        // An analysis with `"ev": true` or `"ev": {…}` runs the same search.
        "analyze" => match obj.get_mut("ev") {
            Some(ev @ Value::Bool(true)) => *ev = json!({ "max_states": limits.max_states }),
            Some(Value::Object(ev)) => capped_states(ev, "ev.max_states", limits)?,
            _ => {}
        },
        "stats" => {
            let exact = obj.get("exact").and_then(Value::as_bool).unwrap_or(false);
            let hands = obj.get("hands").and_then(Value::as_u64).unwrap_or(0);
            if !exact && hands > limits.max_hands {
                return Err(Error::invalid_request(format!(
                    "`hands`: this server deals at most {} hands",
                    limits.max_hands
                )));
            }
        }
        _ => {}
    }
    Ok(())
}

/// One request: its answer as JSON text, or the error with its status.
fn one(kind: &str, mut request: Value, limits: &Limits) -> Result<String, (StatusCode, Error)> {
    capped(kind, &mut request, limits).map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, e))?;
    answer_kind(kind, &request.to_string()).map_err(|e| (status_of(e.kind), e))
}

/// One element of an array: the batch line's answer, `id` echoed.
fn element(kind: &str, mut request: Value, limits: &Limits) -> Value {
    let id = request.as_object_mut().and_then(|o| o.remove("id"));
    let mut out = match one(kind, request, limits) {
        Ok(text) => serde_json::from_str(&text).unwrap_or(Value::Null),
        Err((_, e)) => json!({ "error": e }),
    };
    if let (Some(id), Some(o)) = (id, out.as_object_mut()) {
        let mut with_id = serde_json::Map::new();
        with_id.insert("id".into(), id);
        with_id.extend(std::mem::take(o));
        *o = with_id;
    }
    out
}

async fn answer(
    State(limits): State<Arc<Limits>>,
    Path(kind): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(b) => b,
        Err(e) => {
            return error(
                e.status(),
                &Error::invalid_request(format!("the body cannot be read: {}", e.body_text())),
            )
        }
    };
    if !KINDS.contains(&kind.as_str()) {
        return error(
            StatusCode::NOT_FOUND,
            &Error::invalid_request(format!(
                "no request kind {kind:?}: one of {}",
                KINDS.join(", ")
            )),
        );
    }
    let request: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                &Error::invalid_request(format!("the body is not JSON: {e}")),
            )
        }
    };
    let deadline = limits.timeout;
    let work = {
        let limits = Arc::clone(&limits);
        async move {
            let permit = Arc::clone(&limits.jobs).acquire_owned().await.ok();
            let end = std::time::Instant::now() + deadline;
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                match request {
                    // An array stops at the deadline: its answer is no longer awaited.
                    Value::Array(items) => {
                        let len = items.len();
                        let done: Vec<Value> = items
                            .into_iter()
                            .take_while(|_| std::time::Instant::now() < end)
                            .map(|r| element(&kind, r, &limits))
                            .collect();
                        if done.len() < len {
                            return Err((StatusCode::SERVICE_UNAVAILABLE, late(deadline)));
                        }
                        Ok(Value::Array(done).to_string())
                    }
                    r => one(&kind, r, &limits),
                }
            })
            .await
        }
    };
    match tokio::time::timeout(deadline, work).await {
        Ok(Ok(Ok(text))) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            text,
        )
            .into_response(),
        Ok(Ok(Err((status, e)))) => error(status, &e),
        Ok(Err(_)) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &Error::invalid_request("the request could not be answered"),
        ),
        Err(_) => error(StatusCode::SERVICE_UNAVAILABLE, &late(deadline)),
    }
}

fn late(deadline: Duration) -> Error {
    Error::invalid_request(format!(
        "no answer within the server's limit of {} s",
        deadline.as_secs()
    ))
}
