//! A program at the table: an agent that speaks mjai to another process, as mjai.app's
//! simulator does.
//!
//! The program is started for each game with `sh -c`, its seat as its last argument.
//! Each time its seat must decide, it receives one line: a JSON array of the mjai
//! messages since its last answer (`start_game` first, then the events as its seat
//! sees them), and answers with one line, one JSON object (`pairi::agent::mjai`). The
//! end of the game is sent the same way, its answer read and ignored, then its input is
//! closed. Standard error is discarded.
//!
//! What a program does wrong never stops the table: an answer later than the timeout
//! (the first answer: the start-up timeout), an answer that is not one of the legal
//! actions or not JSON, a closed pipe or an exit are each a [`Fault`], and the decision
//! is played as `pairi::agent::fallback` (the tile drawn, or a pass). A late answer is
//! read and dropped before the next question; a program that does not answer that
//! either, closes its pipe or exits is not asked again in this game, and its seat plays
//! on by the fallback.

use pairi::agent::{fallback, mjai, Agent, Fault};
use pairi::table::{Action, Event, Observation, Seat, TableRules};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long a program may take.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BotOptions {
    /// An answer.
    pub(crate) timeout: Duration,
    /// Start-up and the first answer.
    pub(crate) startup: Duration,
    /// Players at the table.
    pub(crate) players: u8,
}

/// A running program.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
}

/// The agent of one program (see the module documentation).
pub(crate) struct Bot {
    command: String,
    options: BotOptions,
    process: Option<Process>,
    /// Messages not yet sent.
    pending: Vec<String>,
    /// Answers owed: a question timed out and its answer is still to come.
    late: bool,
    /// No answer expected yet.
    first: bool,
    /// Why it is no longer asked.
    gone: Option<String>,
    /// Decisions played by the fallback once it was gone.
    after_gone: u32,
    faults: Vec<Fault>,
    seat: Seat,
}

impl Bot {
    pub(crate) fn new(command: String, options: BotOptions) -> Bot {
        Bot {
            command,
            options,
            process: None,
            pending: Vec::new(),
            late: false,
            first: true,
            gone: None,
            after_gone: 0,
            faults: Vec::new(),
            seat: 0,
        }
    }

    fn spawn(&mut self) -> Result<(), String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {} \"$@\"", self.command))
            .arg("sh")
            .arg(self.seat.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start: {e}"))?;
        let stdout = child.stdout.take().ok_or("no output pipe")?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let end = line.is_err();
                if tx.send(line).is_err() || end {
                    break;
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines: rx,
        });
        Ok(())
    }

    /// Why the program's pipe ended: its exit status when it has exited.
    fn ended(&mut self) -> String {
        if let Some(p) = self.process.as_mut() {
            // A program whose output ends is usually exiting: up to a second to see how.
            for _ in 0..100 {
                if let Ok(Some(status)) = p.child.try_wait() {
                    return format!("crashed: exited with {status}");
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        "closed: its output ended".into()
    }

    /// Sends the pending messages and reads one answer within `wait`.
    fn exchange(&mut self, wait: Duration) -> Result<String, String> {
        let Some(p) = self.process.as_mut() else {
            return Err("not running".into());
        };
        if self.late {
            // The answer to the question that timed out: read and dropped.
            match p.lines.recv_timeout(wait) {
                Ok(Ok(_)) => self.late = false,
                Ok(Err(e)) => return Err(format!("closed: {e}")),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "timeout: no answer within {:.1} s, twice",
                        wait.as_secs_f64()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.ended()),
            }
        }
        let line = format!("[{}]\n", self.pending.join(","));
        self.pending.clear();
        let Some(p) = self.process.as_mut() else {
            return Err("not running".into());
        };
        let sent = p
            .stdin
            .as_mut()
            .ok_or_else(|| "input closed".to_owned())
            .and_then(|s| {
                s.write_all(line.as_bytes())
                    .and_then(|()| s.flush())
                    .map_err(|e| e.to_string())
            });
        if let Err(e) = sent {
            let why = self.ended();
            return Err(format!("{why} ({e})"));
        }
        match p.lines.recv_timeout(wait) {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(e)) => Err(format!("closed: {e}")),
            Err(RecvTimeoutError::Timeout) => {
                self.late = true;
                Err(format!(
                    "timeout: no answer within {:.1} s",
                    wait.as_secs_f64()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.ended()),
        }
    }

    fn wait(&mut self) -> Duration {
        if std::mem::replace(&mut self.first, false) {
            self.options.startup
        } else {
            self.options.timeout
        }
    }

    /// The program is not asked again: `why`.
    fn give_up(&mut self, why: String) {
        self.gone = Some(why);
        self.stop();
    }

    fn stop(&mut self) {
        if let Some(mut p) = self.process.take() {
            drop(p.stdin.take());
            // A moment to exit on its own after its input closes, then killed.
            for _ in 0..10 {
                if matches!(p.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }
}

impl Agent for Bot {
    fn start(&mut self, seat: Seat, _rules: &TableRules, _seed: u64) {
        self.stop();
        self.seat = seat;
        self.pending.clear();
        self.late = false;
        self.first = true;
        self.gone = None;
        self.after_gone = 0;
        let names: Vec<String> = (0..self.options.players)
            .map(|s| format!("player{s}"))
            .collect();
        self.pending
            .push(mjai::start_game(seat, &names).to_string());
        if let Err(e) = self.spawn() {
            self.gone = Some(e);
        }
    }

    fn event(&mut self, event: &Event) {
        if matches!(event, Event::GameEnd { .. }) && self.after_gone > 0 {
            self.faults.push(Fault {
                reason: format!(
                    "{} more decision(s) played without asking ({})",
                    self.after_gone,
                    self.gone.as_deref().unwrap_or("gone")
                ),
                played: None,
            });
            self.after_gone = 0;
        }
        if self.gone.is_some() {
            return;
        }
        self.pending
            .push(mjai::event(event, self.options.players).to_string());
        if let Event::GameEnd { .. } = event {
            let wait = self.wait();
            // The end of the game is told; the answer is not needed.
            let _ = self.exchange(wait);
            self.stop();
        }
    }

    fn act(&mut self, _obs: &Observation, legal: &[Action]) -> Action {
        let played = fallback(legal);
        if self.gone.is_some() {
            self.after_gone += 1;
            return played;
        }
        let wait = self.wait();
        match self.exchange(wait) {
            Ok(answer) => match mjai::reply(&answer, legal) {
                Ok(a) => a,
                Err(e) => {
                    self.faults.push(Fault {
                        reason: e.to_string(),
                        played: Some(played),
                    });
                    played
                }
            },
            Err(why) => {
                self.faults.push(Fault {
                    reason: why.clone(),
                    played: Some(played),
                });
                // A first timeout leaves the program a chance: its late answer is read
                // before the next question.
                if !why.starts_with("timeout") || why.ends_with("twice") {
                    self.give_up(why);
                }
                played
            }
        }
    }

    fn faults(&mut self) -> Vec<Fault> {
        std::mem::take(&mut self.faults)
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.stop();
    }
}
