//! Bar charts of shanten distributions (`pairi stats --plot`): SVG or PNG by the file's
//! extension, text drawn with an embedded font so that no system font library is needed.

use anyhow::{anyhow, bail};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// The printable ASCII subset of DejaVu Sans (licence in `assets/LICENSE-DejaVu.txt`).
static FONT: &[u8] = include_bytes!("../assets/DejaVuSans-subset.ttf");

/// Bar colours, one per series.
const COLOURS: [RGBColor; 2] = [RGBColor(54, 110, 170), RGBColor(235, 140, 40)];

const SIZE: (u32, u32) = (800, 520);

/// Height of the legend strip under the chart.
const LEGEND_HEIGHT: u32 = 36;

/// One set of bars: a label and a probability per shanten value.
pub(crate) struct Series {
    label: String,
    bars: Vec<(i8, f64)>,
}

impl Series {
    /// A series of probabilities per shanten value.
    pub(crate) fn new(label: String, bars: Vec<(i8, f64)>) -> Series {
        Series { label, bars }
    }
}

/// The image format of `path`, from its extension.
enum Format {
    Svg,
    Png,
}

fn format_of(path: &Path) -> anyhow::Result<Format> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => bail!(
            "--plot {}: the file name must end in .svg or .png",
            path.display()
        ),
    }
}

/// Checks that a plot can be written to `path` (its extension), before any work.
pub(crate) fn check_path(path: &Path) -> anyhow::Result<()> {
    format_of(path).map(|_| ())
}

/// Draws one line per series of (x, y) points to `path`: y from 0 to 1.
pub(crate) fn lines(
    path: &Path,
    title: &str,
    (x_desc, y_desc): (&str, &str),
    series: &[(String, Vec<(f64, f64)>)],
) -> anyhow::Result<()> {
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| anyhow!("the embedded font cannot be read"))?;
    let axes = (x_desc, y_desc);
    match format_of(path)? {
        Format::Svg => draw_lines(
            SVGBackend::new(path, SIZE).into_drawing_area(),
            title,
            axes,
            series,
        ),
        Format::Png => draw_lines(
            BitMapBackend::new(path, SIZE).into_drawing_area(),
            title,
            axes,
            series,
        ),
    }
}

fn draw_lines<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    (x_desc, y_desc): (&str, &str),
    series: &[(String, Vec<(f64, f64)>)],
) -> anyhow::Result<()> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("{e}");
    let xs = series.iter().flat_map(|s| s.1.iter().map(|p| p.0));
    let lo = xs.clone().fold(f64::INFINITY, f64::min).min(0.0);
    let hi = xs.fold(f64::NEG_INFINITY, f64::max).max(lo + 1.0);
    let top = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.1))
        .fold(1.0, f64::max);
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(lo..hi, 0.0..top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .bold_line_style(BLACK.mix(0.12))
        .light_line_style(BLACK.mix(0.05))
        .y_label_formatter(&|y| format!("{y:.2}"))
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .draw()
        .map_err(err)?;
    for (i, (label, points)) in series.iter().enumerate() {
        let colour = LINE_COLOURS[i % LINE_COLOURS.len()];
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                colour.stroke_width(2),
            ))
            .map_err(err)?
            .label(label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 14))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)?;
    Ok(())
}

/// Line colours, one per series.
const LINE_COLOURS: [RGBColor; 4] = [
    RGBColor(54, 110, 170),
    RGBColor(235, 140, 40),
    RGBColor(60, 150, 80),
    RGBColor(180, 60, 60),
];

/// Draws `series` side by side, one group of bars per shanten value, to `path`.
pub(crate) fn bars(path: &Path, title: &str, series: &[Series]) -> anyhow::Result<()> {
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| anyhow!("the embedded font cannot be read"))?;
    match format_of(path)? {
        Format::Svg => draw(
            SVGBackend::new(path, SIZE).into_drawing_area(),
            title,
            series,
        ),
        Format::Png => draw(
            BitMapBackend::new(path, SIZE).into_drawing_area(),
            title,
            series,
        ),
    }
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    series: &[Series],
) -> anyhow::Result<()> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("{e}");
    let values = series.iter().flat_map(|s| s.bars.iter());
    let lo = values.clone().map(|&(s, _)| s).min().unwrap_or(0);
    let hi = values.clone().map(|&(s, _)| s).max().unwrap_or(0);
    let top = values.map(|&(_, p)| p).fold(0.0, f64::max).max(1e-9) * 1.12;

    root.fill(&WHITE).map_err(err)?;
    // The legend has a strip of its own under the chart, so it never covers a bar.
    let (plot, legend) = root.split_vertically(SIZE.1 - LEGEND_HEIGHT);
    let mut chart = ChartBuilder::on(&plot)
        .caption(title, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(f64::from(lo) - 0.5..f64::from(hi) + 0.5, 0.0..top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_max_light_lines(1)
        .bold_line_style(BLACK.mix(0.12))
        .light_line_style(BLACK.mix(0.05))
        .x_labels(usize::from((hi - lo) as u8) + 2)
        .x_label_formatter(&|x| {
            // Labels only under the bars (the axis may also pick half-way points).
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round() as i64)
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.2}"))
        .x_desc("shanten")
        .y_desc("probability")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .draw()
        .map_err(err)?;

    let width = 0.8 / series.len().max(1) as f64;
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let left = -0.4 + width * i as f64;
        chart
            .draw_series(s.bars.iter().map(|&(v, p)| {
                let x = f64::from(v) + left;
                Rectangle::new([(x, 0.0), (x + width, p)], colour.filled())
            }))
            .map_err(err)?;
    }
    let mut x = 80;
    let y = i32::try_from(LEGEND_HEIGHT / 2).unwrap_or(0);
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        legend
            .draw(&Rectangle::new(
                [(x, y - 6), (x + 14, y + 6)],
                colour.filled(),
            ))
            .map_err(err)?;
        let style =
            TextStyle::from(("sans-serif", 14).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
        legend
            .draw(&Text::new(s.label.clone(), (x + 20, y), style))
            .map_err(err)?;
        // Room for the label: about 8 pixels a character at this size.
        x += 40 + 8 * i32::try_from(s.label.len()).unwrap_or(40);
    }
    root.present().map_err(err)?;
    Ok(())
}
