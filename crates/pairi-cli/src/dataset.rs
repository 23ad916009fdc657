//! `pairi dataset`: every decision of record files as Parquet rows
//! (`pairi::record::dataset`, `docs/dataset.md`), game by game, in files of at most
//! `--rows-per-file` rows, memory held to one batch whatever the number of records.

use crate::output::{io_failed, print_line, refused};
use crate::record::{read_text, walk};
use bytes::Bytes;
use pairi::encode::ENCODING_VERSION;
use pairi::record::dataset::{self, Batch, Columns, Options, MASK_BYTES, PLANE_BYTES, SCALARS};
use parquet::basic::Compression;
use parquet::data_type::{
    BoolType, ByteArray, FixedLenByteArray, FixedLenByteArrayType, Int32Type,
};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::{SerializedFileWriter, SerializedRowGroupWriter};
use parquet::schema::types::Type;
use std::fs::File;
use std::io::{BufWriter, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Rows of a Parquet row group (and of the batch held in memory: about 42 MB).
const ROW_GROUP: usize = 16_384;

/// The Parquet schema of a row (`docs/dataset.md`).
const SCHEMA: &str = "message decision {
  REQUIRED FIXED_LEN_BYTE_ARRAY (2414) planes;
  REQUIRED FIXED_LEN_BYTE_ARRAY (136) scalars;
  REQUIRED FIXED_LEN_BYTE_ARRAY (24) mask;
  REQUIRED INT32 action (INTEGER(16,true));
  REQUIRED INT32 game;
  REQUIRED INT32 kyoku;
  REQUIRED INT32 round (INTEGER(8,true));
  REQUIRED INT32 dealer (INTEGER(8,true));
  REQUIRED INT32 honba;
  REQUIRED INT32 seat (INTEGER(8,true));
  REQUIRED INT32 event;
  REQUIRED INT32 kyoku_delta;
  REQUIRED BOOLEAN kyoku_over;
  REQUIRED INT32 final_points;
  REQUIRED INT32 placement (INTEGER(8,true));
  REQUIRED BOOLEAN game_over;
}";

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    pairi dataset logs/ --out data/\n  \
    pairi dataset game.mjlog logs/ --out data/ --partial --rows-per-file 100000\n\n\
One row per decision of a seat (a point where it had more than one legal action): the\n\
observation planes and legal mask of docs/env.md, the action taken, and labels; the\n\
schema and how to read it back are in docs/dataset.md. A file or game that cannot be\n\
read or played is reported and skipped; the exit status is then 2.")]
pub(crate) struct Args {
    /// Record files (tenhou.net/6, mjai, Tenhou XML; gzipped too) or folders of them.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The folder to write `part-00000.parquet`, `part-00001.parquet`, ... into
    /// (made if missing).
    #[arg(long)]
    out: PathBuf,
    /// Accept games cut off before their end (their final points and placements are
    /// then absent: `game_over` false).
    #[arg(long)]
    partial: bool,
    /// Rows per Parquet file at most.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    rows_per_file: u64,
    /// Also a row for each point where the seat had a single legal action.
    #[arg(long)]
    forced: bool,
}

/// The Parquet files of a run, one open at a time.
struct Writer {
    dir: PathBuf,
    rows_per_file: usize,
    schema: Arc<Type>,
    props: Arc<WriterProperties>,
    file: Option<SerializedFileWriter<BufWriter<File>>>,
    in_file: usize,
    files: usize,
}

type PqResult<T> = Result<T, parquet::errors::ParquetError>;

fn fixed(
    rg: &mut SerializedRowGroupWriter<'_, BufWriter<File>>,
    data: Bytes,
    width: usize,
) -> PqResult<()> {
    let values: Vec<FixedLenByteArray> = (0..data.len() / width)
        .map(|i| FixedLenByteArray::from(ByteArray::from(data.slice(i * width..(i + 1) * width))))
        .collect();
    let mut col = rg.next_column()?.ok_or_else(missing)?;
    col.typed::<FixedLenByteArrayType>()
        .write_batch(&values, None, None)?;
    col.close()
}

fn int32(
    rg: &mut SerializedRowGroupWriter<'_, BufWriter<File>>,
    values: impl Iterator<Item = i32>,
) -> PqResult<()> {
    let values: Vec<i32> = values.collect();
    let mut col = rg.next_column()?.ok_or_else(missing)?;
    col.typed::<Int32Type>().write_batch(&values, None, None)?;
    col.close()
}

fn boolean(
    rg: &mut SerializedRowGroupWriter<'_, BufWriter<File>>,
    values: &[bool],
) -> PqResult<()> {
    let mut col = rg.next_column()?.ok_or_else(missing)?;
    col.typed::<BoolType>().write_batch(values, None, None)?;
    col.close()
}

fn missing() -> parquet::errors::ParquetError {
    parquet::errors::ParquetError::General("a column missing from the schema".into())
}

impl Writer {
    fn new(dir: &Path, rows_per_file: usize) -> anyhow::Result<Writer> {
        let schema = Arc::new(parquet::schema::parser::parse_message_type(SCHEMA)?);
        let meta = vec![
            KeyValue::new(
                "pairi.encoding_version".into(),
                ENCODING_VERSION.to_string(),
            ),
            KeyValue::new(
                "pairi.version".into(),
                env!("CARGO_PKG_VERSION").to_string(),
            ),
        ];
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_dictionary_enabled(false)
            .set_statistics_enabled(EnabledStatistics::None)
            .set_max_row_group_size(ROW_GROUP)
            .set_key_value_metadata(Some(meta))
            .set_created_by(format!("pairi {}", env!("CARGO_PKG_VERSION")))
            .build();
        Ok(Writer {
            dir: dir.to_path_buf(),
            rows_per_file,
            schema,
            props: Arc::new(props),
            file: None,
            in_file: 0,
            files: 0,
        })
    }

    /// Rows the open file (or the next) takes before it is full.
    fn room(&self) -> usize {
        self.rows_per_file - self.in_file
    }

    /// Writes the first `n` rows of `c` (at most [`Writer::room`]) as one row group.
    fn write(&mut self, c: &Columns, n: usize) -> anyhow::Result<()> {
        if n == 0 {
            return Ok(());
        }
        if self.file.is_none() {
            let path = self.dir.join(format!("part-{:05}.parquet", self.files));
            let f = File::create(&path)
                .map_err(|e| io_failed(format!("cannot write {}: {e}", path.display()), false))?;
            self.file = Some(SerializedFileWriter::new(
                BufWriter::with_capacity(1 << 20, f),
                self.schema.clone(),
                self.props.clone(),
            )?);
            self.files += 1;
        }
        if let Some(w) = self.file.as_mut() {
            let mut rg = w.next_row_group()?;
            fixed(
                &mut rg,
                Bytes::copy_from_slice(&c.planes[..n * PLANE_BYTES]),
                PLANE_BYTES,
            )?;
            let mut scalars = Vec::with_capacity(n * SCALARS * 4);
            for v in &c.scalars[..n * SCALARS] {
                scalars.extend_from_slice(&v.to_le_bytes());
            }
            fixed(&mut rg, Bytes::from(scalars), SCALARS * 4)?;
            fixed(
                &mut rg,
                Bytes::copy_from_slice(&c.mask[..n * MASK_BYTES]),
                MASK_BYTES,
            )?;
            int32(&mut rg, c.action[..n].iter().map(|&v| i32::from(v)))?;
            int32(&mut rg, c.game[..n].iter().copied())?;
            int32(&mut rg, c.kyoku[..n].iter().copied())?;
            int32(&mut rg, c.round[..n].iter().map(|&v| i32::from(v)))?;
            int32(&mut rg, c.dealer[..n].iter().map(|&v| i32::from(v)))?;
            int32(&mut rg, c.honba[..n].iter().copied())?;
            int32(&mut rg, c.seat[..n].iter().map(|&v| i32::from(v)))?;
            int32(&mut rg, c.event[..n].iter().copied())?;
            int32(&mut rg, c.kyoku_delta[..n].iter().copied())?;
            boolean(&mut rg, &c.kyoku_over[..n])?;
            int32(&mut rg, c.final_points[..n].iter().copied())?;
            int32(&mut rg, c.placement[..n].iter().map(|&v| i32::from(v)))?;
            boolean(&mut rg, &c.game_over[..n])?;
            rg.close()?;
        }
        self.in_file += n;
        if self.in_file >= self.rows_per_file {
            self.close()?;
        }
        Ok(())
    }

    fn close(&mut self) -> anyhow::Result<()> {
        if let Some(w) = self.file.take() {
            w.close()?;
        }
        self.in_file = 0;
        Ok(())
    }

    /// Writes rows of `batch` while it holds `at_least` rows (and some).
    fn drain(&mut self, batch: &mut Batch, at_least: usize) -> anyhow::Result<()> {
        while !batch.is_empty() && batch.len() >= at_least {
            let n = batch.len().min(ROW_GROUP).min(self.room());
            batch.drain(n, |c, n| self.write(c, n))?;
        }
        Ok(())
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let files = walk(&args.paths)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| io_failed(format!("cannot make {}: {e}", args.out.display()), false))?;
    let rows_per_file = usize::try_from(args.rows_per_file).unwrap_or(usize::MAX);
    let mut writer = Writer::new(&args.out, rows_per_file)?;
    let mut batch = Batch::new(
        ROW_GROUP,
        Options {
            forced: args.forced,
            ..Options::default()
        },
    );
    let bar = if std::io::stderr().is_terminal() {
        let style = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} records {msg} [{elapsed_precise}]",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        indicatif::ProgressBar::new(files.len() as u64).with_style(style)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let (mut games, mut rows, mut bad) = (0usize, 0usize, 0usize);
    for f in &files {
        bar.inc(1);
        let name = f.display().to_string();
        let text = match read_text(f) {
            Ok(t) => t,
            Err(e) => {
                bad += 1;
                bar.suspend(|| eprintln!("{name}: error: {}: {}", e.kind, e.message));
                continue;
            }
        };
        for game in dataset::read_games(&text, args.partial) {
            let played = game.and_then(|(g, complete)| batch.push_game(&g, games, complete));
            match played {
                Ok(n) => {
                    games += 1;
                    rows += n;
                }
                Err(e) => {
                    bad += 1;
                    let e = pairi::api::Error::from(e);
                    bar.suspend(|| eprintln!("{name}: error: {}: {}", e.kind, e.message));
                }
            }
            writer.drain(&mut batch, ROW_GROUP)?;
        }
        bar.set_message(format!("{games} games, {rows} decisions"));
    }
    writer.drain(&mut batch, 1)?;
    writer.close()?;
    bar.finish_and_clear();
    let skipped = if bad == 0 {
        String::new()
    } else {
        format!(", {bad} skipped")
    };
    print_line(&format!(
        "{rows} decisions of {games} games in {} Parquet files in {}{skipped}",
        writer.files,
        args.out.display()
    ))?;
    if batch.dropped() > 0 {
        return Err(refused(
            pairi::api::Error::new(
                pairi::api::ErrorKind::InvalidHand,
                format!(
                    "{} decisions left out: the action was not legal",
                    batch.dropped()
                ),
            ),
            false,
        ));
    }
    Ok(if bad > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
