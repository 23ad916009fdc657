//! `pairi serve`: the JSON API over HTTP and the web page, from one binary.
//!
//! - `POST /v1/<kind>` (`analyze shanten score fan stats parse ev review record_check
//!   record_convert record_legal`), `Content-Type: application/json`: one request object, answered
//!   by its result object (200) or the error object `{"error": {"kind", "message"}}`
//!   (400 for `parse` and `invalid_request`, 422 for a hand the rules refuse and for a
//!   request past the server's limits, `too_large`; 503 past the time limit,
//!   `timeout`); or an array of requests, answered by an array in order, each element
//!   as a batch line answers (`id` echoed as written, an error object in place of a bad
//!   request), with 200. Every body goes through `pairi::api::batch::prepare`, checked
//!   against the server's `Limits` before any work.
//! - `GET /v1/health`: `{"status": "ok", "version", "kinds"}`.
//! - `GET /` and the page's files, embedded in the binary (the page asks this server;
//!   served from a static host it runs pairi as WebAssembly instead).
//! - Every other answer of 400 and above has the JSON error body too (404, 405, 408,
//!   413, 415, 403).
//!
//! Hardening, each with its flag:
//! - Connections: at most `--max-connections`; a new one past it takes the place of the
//!   connection idle the longest (waiting for a request's head or still sending its
//!   body), so that slow clients cannot crowd out a quick one; when every connection is
//!   computing, the new one gets a 503 and is closed. A request's head and its body must
//!   each arrive within `--read-timeout` (counted for the head from the connection's
//!   start or its previous answer: an idle keep-alive connection is closed then too); a
//!   connection is closed after [`KEEP_ALIVE_REQUESTS`] requests.
//! - Bodies: at most `--max-body` bytes (413 beyond), and at most [`BODY_BUDGET`] bodies'
//!   worth held by all requests at once (the others wait, within the time limit).
//! - Work: short requests (one hand) run on `--jobs` threads; long ones (a search, a
//!   sample, a record, an array of more than a few requests, a body past 64 KiB) on
//!   their own pool of one thread fewer than the cores, `--long-jobs` at once, at a
//!   lower scheduling priority, so that they never hold up short ones; while short
//!   requests are in flight, long work waits at its stop checks but for its
//!   `--long-share` of the time ([`GiveWay`]). Each request has `--timeout` seconds
//!   from its head to its answer; at the deadline its work is stopped (the search, the
//!   sample, the review check a stop flag) and the client gets a 503; a client gone
//!   away stops its work too.
//! - Caps: `--max-states`, `--max-hands`, `--max-items`, `--max-record`: the api's
//!   `Limits`, checked before any work.
//! - Browsers: `Content-Type: application/json` is required (415 otherwise: a form
//!   cannot send it) and a request another site's page makes (`Origin` not this host,
//!   or `Sec-Fetch-Site` other than `same-origin` or `none`) is refused with 403.
//! - The server listens on a loopback address unless `--public` says otherwise. Nothing
//!   a client sends can make it panic: every answer comes from the library's `api`,
//!   which returns errors.

use anyhow::Context;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use pairi::api::batch::{prepare, Prepared, KINDS, SHORT_BYTES};
use pairi::api::limits::{Cost, Limits};
use pairi::api::{Error, ErrorKind, Stop, Yield};
use serde_json::json;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tower::ServiceExt;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi serve                                  # http://127.0.0.1:8750/\n  \
    pairi serve --addr 127.0.0.1:0 --timeout 5   # any free port, printed on start\n  \
    curl -H 'Content-Type: application/json' -d '{\"hand\": \"123m406p789s1122z\"}' http://127.0.0.1:8750/v1/analyze")]
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
    /// Time limit of one request, in seconds, from its head to its answer (reading its
    /// body and waiting for a thread included); its work is stopped then.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Seconds a client has to send a request's head (from the connection's start or
    /// its previous answer) and then its body; an idle connection is closed after it.
    #[arg(long, default_value_t = 5.0)]
    read_timeout: f64,
    /// Connections open at once; past it a new one replaces the one idle the longest.
    #[arg(long, default_value_t = 256)]
    max_connections: usize,
    /// Short requests computed at once (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Long requests computed at once (searches, samples, records, large arrays), on
    /// their own threads (one fewer than the cores) at a lower priority.
    #[arg(long, default_value_t = 1)]
    long_jobs: usize,
    /// Share of the time long requests still compute while short ones are waiting, in
    /// percent (0: long work waits for every gap between short requests, and a long
    /// request under a steady flow of short ones gets a 503 at its deadline).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(0..=100))]
    long_share: u8,
    /// Largest expected-value search, in hand states (a request asking more is refused;
    /// one asking nothing gets this).
    #[arg(long, default_value_t = 300_000)]
    max_states: usize,
    /// Largest Monte Carlo statistics run, in hands.
    #[arg(long, default_value_t = 10_000_000)]
    max_hands: u64,
    /// Most requests in one array.
    #[arg(long, default_value_t = 1000)]
    max_items: usize,
    /// Largest game record, in bytes.
    #[arg(long, default_value_t = 1 << 20)]
    max_record: usize,
}

/// A connection is closed after answering this many requests.
pub(crate) const KEEP_ALIVE_REQUESTS: u32 = 1000;

/// The bodies held at once, all requests together, in bodies of `--max-body`.
pub(crate) const BODY_BUDGET: usize = 16;

/// The page's files, embedded: name, content type, bytes.
const FILES: [(&str, &str, &str); 8] = [
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
    (
        "glyphs.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/glyphs.js"),
    ),
    (
        "OFL-NotoSansCJK.txt",
        "text/plain; charset=utf-8",
        include_str!("../../../web/OFL-NotoSansCJK.txt"),
    ),
];

/// What every request of the server shares.
struct Server {
    limits: Limits,
    timeout: Duration,
    read_timeout: Duration,
    max_body: usize,
    /// Short requests computing: a permit is held until the computation ends.
    short: Arc<Semaphore>,
    /// Long requests computing, on `long_pool`.
    long: Arc<Semaphore>,
    long_pool: rayon::ThreadPool,
    /// Short requests in flight (read, waiting for a thread or computing): long work
    /// gives way to them at its stop checks ([`GiveWay`]).
    shorts: Arc<AtomicUsize>,
    /// How long work gives way, [`GiveWay`]: its longest wait while short work is in
    /// flight, then the time it computes before it waits again (`None`: no bound on
    /// the wait).
    long_turn: Option<(Duration, Duration)>,
    /// Body bytes held, all requests together.
    bodies: Arc<Semaphore>,
}

fn seconds(s: f64, name: &str) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(s)
        .ok()
        .filter(|d| !d.is_zero())
        .with_context(|| format!("--{name}: a number of seconds above 0, not {s}"))
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
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let jobs = args.jobs.unwrap_or(cores).max(1);
    let long_jobs = args.long_jobs.max(1);
    let budget = args
        .max_body
        .max(1)
        .saturating_mul(BODY_BUDGET)
        .min(Semaphore::MAX_PERMITS);
    let server = Arc::new(Server {
        limits: Limits {
            max_items: args.max_items,
            max_hands: args.max_hands,
            max_states: args.max_states,
            max_record_bytes: args.max_record,
            ..Limits::default()
        },
        timeout: seconds(args.timeout, "timeout")?,
        read_timeout: seconds(args.read_timeout, "read-timeout")?,
        max_body: args.max_body,
        short: Arc::new(Semaphore::new(jobs)),
        long: Arc::new(Semaphore::new(long_jobs)),
        // One core is left to short requests: a search on every core slows them down
        // even at a lower priority (their caches, the wake-up of their threads).
        long_pool: rayon::ThreadPoolBuilder::new()
            .num_threads(cores.saturating_sub(1).max(1))
            .thread_name(|i| format!("pairi-long-{i}"))
            .start_handler(|_| lower_priority())
            .build()
            .context("cannot start the threads of long requests")?,
        bodies: Arc::new(Semaphore::new(budget)),
        shorts: Arc::new(AtomicUsize::new(0)),
        long_turn: long_turn(args.long_share),
    });
    let app = Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/v1/health", get(health))
        .route("/v1/{kind}", post(answer))
        .route(
            "/{name}",
            get(|Path(name): Path<String>| async move { file(&name) }),
        )
        .fallback(|| async {
            error(
                StatusCode::NOT_FOUND,
                &Error::invalid_request("no such path: the API is POST /v1/<kind>"),
            )
        })
        .method_not_allowed_fallback(|| async {
            error(
                StatusCode::METHOD_NOT_ALLOWED,
                &Error::invalid_request(
                    "method not allowed: POST /v1/<kind>, GET /v1/health and GET the page",
                ),
            )
        })
        .with_state(Arc::clone(&server));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(jobs + 2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let connections = Connections::new(args.max_connections.max(1), server.read_timeout);
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let local = listener.local_addr()?;
        crate::output::print_line(&format!("pairi serve: http://{local}/"))?;
        let stop = tokio::signal::ctrl_c();
        tokio::pin!(stop);
        loop {
            let stream = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    // Out of file descriptors, or a connection reset before it was
                    // taken: wait a moment rather than spin.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        continue;
                    }
                },
                _ = &mut stop => return Ok(()),
            };
            let _ = stream.set_nodelay(true);
            match connections.admit() {
                Some(conn) => {
                    tokio::spawn(connection(
                        stream,
                        conn,
                        app.clone(),
                        Arc::clone(&connections),
                    ));
                }
                None => {
                    tokio::spawn(refuse(stream));
                }
            }
        }
    })
}

/// The nice value of the threads of long requests: they take the cores short
/// requests leave.
#[cfg(target_os = "linux")]
const LONG_NICE: i32 = 10;

/// Lowers the calling thread's scheduling priority to [`LONG_NICE`] (Linux: each
/// thread has its own nice value); elsewhere nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), LONG_NICE);
    }
}

/// One connection's state, for choosing the one to close when they are too many.
struct Conn {
    id: u64,
    /// A request of it is being computed (its head and body are in).
    computing: AtomicBool,
    /// When it last started to wait for a head or a body, in milliseconds from the
    /// server's start.
    waiting_since: AtomicU64,
    /// Told to close.
    evict: Notify,
}

/// The open connections.
struct Connections {
    max: usize,
    read_timeout: Duration,
    start: std::time::Instant,
    next: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Conn>>>,
}

impl Connections {
    fn new(max: usize, read_timeout: Duration) -> Arc<Connections> {
        Arc::new(Connections {
            max,
            read_timeout,
            start: std::time::Instant::now(),
            next: AtomicU64::new(0),
            open: Mutex::new(HashMap::new()),
        })
    }

    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// A place for a new connection: past the cap, the one waiting the longest is told
    /// to close; `None` when every connection is computing.
    fn admit(&self) -> Option<Arc<Conn>> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if open.len() >= self.max {
            let oldest = open
                .values()
                .filter(|c| !c.computing.load(Ordering::Relaxed))
                .min_by_key(|c| c.waiting_since.load(Ordering::Relaxed))
                .map(|c| c.id)?;
            if let Some(c) = open.remove(&oldest) {
                c.evict.notify_one();
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn {
            id,
            computing: AtomicBool::new(false),
            waiting_since: AtomicU64::new(self.now()),
            evict: Notify::new(),
        });
        open.insert(id, Arc::clone(&conn));
        Some(conn)
    }

    fn close(&self, id: u64) {
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(&id);
    }
}

/// Serves one connection until it closes, is idle past the read timeout, or is told to
/// make room.
async fn connection(
    stream: tokio::net::TcpStream,
    conn: Arc<Conn>,
    app: Router,
    connections: Arc<Connections>,
) {
    let served = Arc::new(AtomicU64::new(0));
    let service = {
        let conn = Arc::clone(&conn);
        let connections = Arc::clone(&connections);
        hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
            let conn = Arc::clone(&conn);
            let connections = Arc::clone(&connections);
            let n = served.fetch_add(1, Ordering::Relaxed) + 1;
            request.extensions_mut().insert(Arc::clone(&conn));
            let response = app.clone().oneshot(request.map(Body::new));
            async move {
                let mut response = response.await?;
                conn.computing.store(false, Ordering::Relaxed);
                conn.waiting_since
                    .store(connections.now(), Ordering::Relaxed);
                if n >= u64::from(KEEP_ALIVE_REQUESTS) {
                    response
                        .headers_mut()
                        .insert(header::CONNECTION, HeaderValue::from_static("close"));
                }
                Ok::<_, std::convert::Infallible>(response)
            }
        })
    };
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(connections.read_timeout)
        .max_buf_size(64 << 10);
    let serving = http.serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        _ = serving => {}
        () = conn.evict.notified() => {}
    }
    connections.close(conn.id);
}

/// Answers a connection past the cap with a 503 and closes it.
async fn refuse(mut stream: tokio::net::TcpStream) {
    use tokio::io::AsyncWriteExt;
    let body = json!({"error": Error::new(
        ErrorKind::Timeout,
        "the server is busy: every connection is computing, try again",
    )})
    .to_string();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
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
        json!({"status": "ok", "version": env!("CARGO_PKG_VERSION"), "kinds": KINDS})
            .to_string()
            .into_bytes(),
    )
}

fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The status of an error of `kind`.
fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Parse | ErrorKind::InvalidRequest => StatusCode::BAD_REQUEST,
        ErrorKind::Timeout => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

fn error(status: StatusCode, e: &Error) -> Response {
    json_response(status, json!({ "error": e }).to_string().into_bytes())
}

fn late(server: &Server) -> Error {
    Error::new(
        ErrorKind::Timeout,
        format!(
            "no answer within the server's limit of {} s",
            server.timeout.as_secs_f64()
        ),
    )
}

/// Sets a stop when dropped: the answer's future is dropped when its client goes away.
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Refuses what a browser sends on another site's behalf: an `Origin` that is not this
/// host, a `Sec-Fetch-Site` other than `same-origin` or `none`.
fn same_origin(headers: &HeaderMap) -> Result<(), Error> {
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
        if site != "same-origin" && site != "none" {
            return Err(Error::invalid_request(format!(
                "a request from another site's page ({site}) is refused"
            )));
        }
    }
    if let Some(origin) = text(header::ORIGIN) {
        let host = text(header::HOST).unwrap_or_default();
        let authority = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        if authority != Some(host) {
            return Err(Error::invalid_request(format!(
                "a request from the page of {origin} is refused: only this server's page may ask it"
            )));
        }
    }
    Ok(())
}

/// `Content-Type: application/json`, parameters allowed.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
}

async fn answer(
    State(server): State<Arc<Server>>,
    Path(kind): Path<String>,
    conn: Option<axum::Extension<Arc<Conn>>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let deadline = Instant::now() + server.timeout;
    if !KINDS.contains(&kind.as_str()) {
        return error(
            StatusCode::NOT_FOUND,
            &Error::invalid_request(format!(
                "no request kind {kind:?}: one of {}",
                KINDS.join(", ")
            )),
        );
    }
    if let Err(e) = same_origin(&headers) {
        return error(StatusCode::FORBIDDEN, &e);
    }
    if !is_json(&headers) {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &Error::invalid_request(
                "the body must be JSON, sent with `Content-Type: application/json`",
            ),
        );
    }
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > server.max_body) {
        return too_big(&server);
    }
    let stop = Stop::new();
    let _stop_when_gone = StopOnDrop(stop.clone());
    // Counted as short until its body or its request says it is long.
    let mut short_work = Some(InFlight::new(&server.shorts));
    match tokio::time::timeout_at(
        deadline,
        read_and_answer(&server, &kind, declared, body, &stop, conn, &mut short_work),
    )
    .await
    {
        Ok(response) => response,
        Err(_) => {
            stop.stop();
            error(StatusCode::SERVICE_UNAVAILABLE, &late(&server))
        }
    }
}

fn too_big(server: &Server) -> Response {
    error(
        StatusCode::PAYLOAD_TOO_LARGE,
        &Error::new(
            ErrorKind::TooLarge,
            format!(
                "the body is over the server's limit of {} bytes",
                server.max_body
            ),
        ),
    )
}

/// Reads the body (within the read timeout and the body budget), prepares the request
/// and answers it on the pool its cost says.
async fn read_and_answer(
    server: &Arc<Server>,
    kind: &str,
    declared: Option<usize>,
    body: Body,
    stop: &Stop,
    conn: Option<axum::Extension<Arc<Conn>>>,
    short_work: &mut Option<InFlight>,
) -> Response {
    let held = declared
        .unwrap_or(server.max_body)
        .clamp(1, server.max_body.max(1));
    let Ok(bytes_permit) = Arc::clone(&server.bodies)
        .acquire_many_owned(u32::try_from(held).unwrap_or(u32::MAX))
        .await
    else {
        return error(StatusCode::SERVICE_UNAVAILABLE, &late(server));
    };
    let bytes = match tokio::time::timeout(
        server.read_timeout,
        axum::body::to_bytes(body, server.max_body),
    )
    .await
    {
        Err(_) => {
            return error(
                StatusCode::REQUEST_TIMEOUT,
                &Error::new(
                    ErrorKind::Timeout,
                    format!(
                        "the body did not arrive within the server's {} s",
                        server.read_timeout.as_secs_f64()
                    ),
                ),
            )
        }
        Ok(Err(e)) => {
            let too_long = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
            if too_long {
                return too_big(server);
            }
            return error(
                StatusCode::BAD_REQUEST,
                &Error::invalid_request(format!("the body cannot be read: {e}")),
            );
        }
        Ok(Ok(b)) => b,
    };
    if let Some(axum::Extension(c)) = &conn {
        c.computing.store(true, Ordering::Relaxed);
    }
    let text = match String::from_utf8(bytes.into()) {
        Ok(t) => t,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                &Error::invalid_request(format!("the body is not UTF-8: {}", e.utf8_error())),
            )
        }
    };
    let result = if text.len() > SHORT_BYTES {
        // Reading a large body is long work itself.
        *short_work = None;
        long(
            server,
            bytes_permit,
            stop,
            Work::Text(kind.to_owned(), text),
        )
        .await
    } else {
        match short(server, bytes_permit, stop, kind, text).await {
            Ok(Step::Done(out)) => Ok(out),
            Ok(Step::Long(prepared, permit)) => {
                *short_work = None;
                long(server, permit, stop, Work::Prepared(prepared)).await
            }
            Err(e) => Err(e),
        }
    };
    match result {
        Ok(out) => json_response(StatusCode::OK, out),
        Err(e) => error(status_of(e.kind), &e),
    }
}

/// What a short thread did with a body: its answer, or the prepared request to answer
/// on the long pool.
enum Step {
    Done(Vec<u8>),
    Long(Prepared, OwnedSemaphorePermit),
}

/// Work for the long pool.
enum Work {
    Text(String, String),
    Prepared(Prepared),
}

/// Prepares the body on a short thread and answers it there if its work is short.
async fn short(
    server: &Arc<Server>,
    bytes_permit: OwnedSemaphorePermit,
    stop: &Stop,
    kind: &str,
    text: String,
) -> Result<Step, Error> {
    let Ok(permit) = Arc::clone(&server.short).acquire_owned().await else {
        return Err(late(server));
    };
    let (server, stop, kind) = (Arc::clone(server), stop.clone(), kind.to_owned());
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let prepared = prepare(&kind, &text, &server.limits)?;
        drop(text);
        if prepared.cost() == Cost::Long {
            return Ok(Step::Long(prepared, bytes_permit));
        }
        let mut out = Vec::new();
        prepared.answer(&server.limits, &stop, &mut out)?;
        Ok(Step::Done(out))
    })
    .await
    .unwrap_or_else(|_| Err(Error::invalid_request("the request could not be answered")))
}

/// Answers on the long pool, one of `--long-jobs` at once; the permits are held until
/// the work ends, even after the client was answered 503.
async fn long(
    server: &Arc<Server>,
    bytes_permit: OwnedSemaphorePermit,
    stop: &Stop,
    work: Work,
) -> Result<Vec<u8>, Error> {
    let Ok(permit) = Arc::clone(&server.long).acquire_owned().await else {
        return Err(late(server));
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    let limits = server.limits;
    let stop = stop.clone().yielding_to(Arc::new(GiveWay::new(
        Arc::clone(&server.shorts),
        server.long_turn,
    )));
    server.long_pool.spawn(move || {
        let _permits = (permit, bytes_permit);
        let answered = (|| {
            stop.check()?;
            let prepared = match work {
                Work::Prepared(p) => p,
                Work::Text(kind, text) => prepare(&kind, &text, &limits)?,
            };
            let mut out = Vec::new();
            prepared.answer(&limits, &stop, &mut out)?;
            Ok(out)
        })();
        // The client may be gone.
        let _ = tx.send(answered);
    });
    rx.await
        .unwrap_or_else(|_| Err(Error::invalid_request("the request could not be answered")))
}

/// A short request in flight, counted in [`Server::shorts`] while it lives.
struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    fn new(count: &Arc<AtomicUsize>) -> InFlight {
        count.fetch_add(1, Ordering::Relaxed);
        InFlight(Arc::clone(count))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How long a long request waits at a time, at most, while short ones are in flight.
const LONG_PAUSE: Duration = Duration::from_micros(500);

/// The cycle of `--long-share`: within it long work computes its share while short
/// work waits.
const LONG_CYCLE: Duration = Duration::from_millis(10);

/// `--long-share` as (longest wait, time computing then) in each [`LONG_CYCLE`]; `None`
/// for 0 %: long work waits as long as short work is in flight.
fn long_turn(share: u8) -> Option<(Duration, Duration)> {
    let run = LONG_CYCLE * u32::from(share.min(100)) / 100;
    (!run.is_zero()).then(|| (LONG_CYCLE - run, run))
}

/// What a long request gives way to: while short requests are in flight, its work
/// waits at each stop check, [`LONG_PAUSE`] at a time (its deadline still stops it
/// there); with a share, after waiting its longest wait it computes for its time before
/// it waits again, so that a steady flow of short requests never starves it entirely.
/// The stop checks of a search come every fraction of a millisecond of its work.
struct GiveWay {
    shorts: Arc<AtomicUsize>,
    turn: Option<(Duration, Duration)>,
    start: std::time::Instant,
    /// When it started to wait, in nanoseconds from `start` (plus one; 0: not waiting).
    waiting_since: AtomicU64,
    /// Until when it computes whatever waits, in nanoseconds from `start`.
    running_until: AtomicU64,
}

impl GiveWay {
    fn new(shorts: Arc<AtomicUsize>, turn: Option<(Duration, Duration)>) -> GiveWay {
        GiveWay {
            shorts,
            turn,
            start: std::time::Instant::now(),
            waiting_since: AtomicU64::new(0),
            running_until: AtomicU64::new(0),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }
}

impl Yield for GiveWay {
    fn hold(&self) -> bool {
        if self.shorts.load(Ordering::Relaxed) == 0 {
            self.waiting_since.store(0, Ordering::Relaxed);
            return false;
        }
        if let Some((wait, run)) = self.turn {
            let now = self.now();
            if now < self.running_until.load(Ordering::Relaxed) {
                return false;
            }
            let since = match self.waiting_since.load(Ordering::Relaxed) {
                0 => {
                    self.waiting_since.store(now + 1, Ordering::Relaxed);
                    now
                }
                t => t - 1,
            };
            if now - since >= u64::try_from(wait.as_nanos()).unwrap_or(u64::MAX) {
                let run = u64::try_from(run.as_nanos()).unwrap_or(u64::MAX);
                self.running_until
                    .store(now.saturating_add(run), Ordering::Relaxed);
                self.waiting_since.store(0, Ordering::Relaxed);
                return false;
            }
        }
        std::thread::sleep(LONG_PAUSE);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{long_turn, GiveWay, InFlight, LONG_CYCLE};
    use pairi::api::Yield;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn long_turn_ok_shares() {
        assert_eq!(long_turn(0), None);
        assert_eq!(
            long_turn(10),
            Some((Duration::from_millis(9), Duration::from_millis(1)))
        );
        assert_eq!(long_turn(100), Some((Duration::ZERO, LONG_CYCLE)));
    }

    #[test]
    fn give_way_ok_waits_while_short_work_is_in_flight() {
        let shorts = Arc::new(AtomicUsize::new(0));
        let give_way = GiveWay::new(Arc::clone(&shorts), None);
        assert!(!give_way.hold());
        let short = InFlight::new(&shorts);
        assert!(give_way.hold());
        assert!(give_way.hold());
        drop(short);
        assert_eq!(shorts.load(Ordering::Relaxed), 0);
        assert!(!give_way.hold());
    }

    #[test]
    fn give_way_ok_computes_its_share_while_short_work_waits() {
        let shorts = Arc::new(AtomicUsize::new(0));
        let turn = (Duration::from_millis(2), Duration::from_secs(3600));
        let give_way = GiveWay::new(Arc::clone(&shorts), Some(turn));
        let _short = InFlight::new(&shorts);
        // Waits (each hold a pause) until its longest wait has passed, then computes.
        let mut held = 0;
        while give_way.hold() {
            held += 1;
            assert!(held < 10_000, "never let go");
        }
        assert!(held >= 1);
        // Within its time to compute it is not held.
        assert!(!give_way.hold());
    }
}
