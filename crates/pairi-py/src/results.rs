//! The result classes: every answer reads as its JSON object (`to_dict()`, `r["han"]`,
//! `r.han`), with typed attributes where a caller reads them in a loop, and the yaku
//! and fans of a score also as objects with their names (`r.breakdown[0].name`).

use crate::errors::raise;
use pairi::api::analysis::ShantenResult;
use pairi::api::mcr::FanResponse;
use pairi::api::riichi::ScoreResult;
use pairi::api::Error;
use pyo3::exceptions::{PyAttributeError, PyKeyError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};

/// A value as Python objects, exactly as its JSON reads (arrays are lists, objects
/// dicts, whole numbers ints).
pub(crate) fn to_python<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let v = serde_json::to_value(value).map_err(|e| raise(&Error::invalid_request(e)))?;
    json_to_python(py, &v)
}

fn json_to_python(py: Python<'_>, v: &serde_json::Value) -> PyResult<Py<PyAny>> {
    use serde_json::Value;
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any().unbind(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any().unbind(),
            _ => n
                .as_f64()
                .unwrap_or(f64::NAN)
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| json_to_python(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, json_to_python(py, x)?)?;
            }
            d.into_any().unbind()
        }
    })
}

/// What the typed results share: `to_dict()` (the JSON answer as Python objects),
/// reading a field by item or attribute, equality, and a repr.
macro_rules! answer_class {
    ($class:ident, { $($getters:tt)* }) => {
        #[pymethods]
        impl $class {
            $($getters)*

            /// The answer as its JSON object (a fresh dict).
            fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                to_python(py, &self.inner)
            }

            fn __getitem__(&self, py: Python<'_>, key: &str) -> PyResult<Py<PyAny>> {
                let d = self.to_dict(py)?;
                d.bind(py)
                    .get_item(key)
                    .map(Bound::unbind)
                    .map_err(|_| PyKeyError::new_err(key.to_owned()))
            }

            fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
                self.__getitem__(py, name)
                    .map_err(|_| PyAttributeError::new_err(name.to_owned()))
            }

            fn __contains__(&self, py: Python<'_>, key: &str) -> PyResult<bool> {
                self.to_dict(py)?.bind(py).contains(key)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .downcast::<$class>()
                    .is_ok_and(|o| o.get().inner == self.inner)
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}({})",
                    stringify!($class),
                    serde_json::to_string(&self.inner).unwrap_or_default()
                )
            }
        }
    };
}

/// Riichi shanten: `shanten` (the least over the forms) and each form's (`regular`,
/// `chiitoitsu`, `kokushi`, or the five MCR forms; `None` for a form the melds rule
/// out). `to_dict()` is the JSON answer.
#[pyclass(module = "pairi", frozen)]
pub(crate) struct Shanten {
    pub(crate) inner: ShantenResult,
}

answer_class!(Shanten, {
    /// The least shanten over the forms (−1: complete).
    #[getter]
    fn shanten(&self) -> i8 {
        self.inner.shanten
    }
    /// Shanten of the regular form (four sets and a pair).
    #[getter]
    fn regular(&self) -> i8 {
        match self.inner.forms {
            pairi::api::analysis::FormsView::Riichi(f) => f.regular,
            pairi::api::analysis::FormsView::Mcr(f) => f.regular,
        }
    }
});

/// A Riichi score: `han`, `fu`, `yakuman`, `yaku` (id → han), `payments`, `total`,
/// `breakdown` (the yaku with their names), ... (`to_dict()` is the JSON answer).
#[pyclass(module = "pairi", frozen)]
pub(crate) struct Score {
    pub(crate) inner: ScoreResult,
}

answer_class!(Score, {
    /// Han (0 for a yakuman).
    #[getter]
    fn han(&self) -> u8 {
        self.inner.han
    }
    /// Fu of the reading scored.
    #[getter]
    fn fu(&self) -> u8 {
        self.inner.fu
    }
    /// How many yakuman.
    #[getter]
    fn yakuman(&self) -> u8 {
        self.inner.yakuman
    }
    /// What the winner receives from the others, riichi sticks excluded.
    #[getter]
    fn total(&self) -> u32 {
        self.inner.total
    }
    /// `mangan` … `kazoe_yakuman`, or None.
    #[getter]
    fn limit(&self) -> Option<&'static str> {
        self.inner.limit
    }
    /// The wait the winning tile took.
    #[getter]
    fn wait(&self) -> &'static str {
        self.inner.wait
    }
    /// `ron` or `tsumo`.
    #[getter]
    fn how(&self) -> &'static str {
        self.inner.how
    }
    /// Yaku id → han (or yakuman multiplier), in table order.
    #[getter]
    fn yaku<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for v in &self.inner.yaku.0 {
            d.set_item(v.yaku.id(), v.value)?;
        }
        Ok(d)
    }
    /// The yaku as `Yaku` objects: id, English and Japanese names, han or yakuman.
    #[getter]
    fn breakdown(&self) -> Vec<Yaku> {
        let b = self.inner.breakdown();
        let yakuman = b.yakuman;
        b.yaku
            .iter()
            .map(|v| {
                let info = v.yaku.info();
                Yaku {
                    id: info.id,
                    name: info.english,
                    name_ja: info.japanese,
                    han: if yakuman { 0 } else { v.value },
                    yakuman: if yakuman { v.value } else { 0 },
                }
            })
            .collect()
    }
});

/// One yaku of a score: `id` (the JSON id), `name` (English), `name_ja` (Japanese),
/// `han`, and `yakuman` (its multiplier in a yakuman hand, else 0).
#[pyclass(module = "pairi", frozen, eq, get_all)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Yaku {
    id: &'static str,
    name: &'static str,
    name_ja: &'static str,
    han: u8,
    yakuman: u8,
}

#[pymethods]
impl Yaku {
    fn __repr__(&self) -> String {
        let value = if self.yakuman > 0 {
            format!("yakuman={}", self.yakuman)
        } else {
            format!("han={}", self.han)
        };
        format!(
            "Yaku(id='{}', name='{}', name_ja='{}', {value})",
            self.id, self.name, self.name_ja
        )
    }
}

/// An MCR score: `fan` in all, the `fans` counted (id → points), `breakdown` (the fans
/// with their names), ... (`to_dict()` is the JSON answer).
#[pyclass(module = "pairi", frozen)]
pub(crate) struct Fan {
    pub(crate) inner: FanResponse,
}

answer_class!(Fan, {
    /// Points in all, flowers included.
    #[getter]
    fn fan(&self) -> u32 {
        self.inner.fan
    }
    /// Points without flowers.
    #[getter]
    fn base(&self) -> u32 {
        self.inner.base
    }
    /// Whether `base` reaches the 8-point minimum.
    #[getter]
    fn meets_minimum(&self) -> bool {
        self.inner.meets_minimum
    }
    /// The fans as `FanItem` objects: id, English and Chinese names, points, count.
    #[getter]
    fn breakdown(&self) -> Vec<FanItem> {
        self.inner
            .breakdown
            .iter()
            .map(|l| FanItem {
                id: l.id,
                name: l.en,
                name_zh: l.zh,
                points: l.points,
                count: l.count,
            })
            .collect()
    }
});

/// One fan of an MCR score: `id` (the JSON id), `name` (English), `name_zh` (Chinese),
/// `points` (of one occurrence) and `count`.
#[pyclass(module = "pairi", frozen, eq, get_all)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct FanItem {
    id: &'static str,
    name: &'static str,
    name_zh: &'static str,
    points: u32,
    count: u32,
}

#[pymethods]
impl FanItem {
    fn __repr__(&self) -> String {
        format!(
            "FanItem(id='{}', name='{}', name_zh='{}', points={}, count={})",
            self.id, self.name, self.name_zh, self.points, self.count
        )
    }
}

/// An answer held as its JSON object: its fields read as attributes (`r.shanten`) or
/// items (`r["shanten"]`); `to_dict()` gives a copy.
#[pyclass(module = "pairi", name = "Result", subclass, frozen)]
pub(crate) struct Answer {
    data: Py<PyDict>,
}

#[pymethods]
impl Answer {
    #[new]
    fn new(data: Bound<'_, PyDict>) -> Answer {
        Answer {
            data: data.unbind(),
        }
    }

    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        match self.data.bind(py).get_item(name)? {
            Some(v) => Ok(v.unbind()),
            None => Err(PyAttributeError::new_err(name.to_owned())),
        }
    }

    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match self.data.bind(py).get_item(key)? {
            Some(v) => Ok(v.unbind()),
            None => Err(PyKeyError::new_err(key.clone().unbind())),
        }
    }

    fn __contains__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.data.bind(py).contains(key)
    }

    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if !slf.get_type().is(other.get_type()) {
            return Ok(false);
        }
        let other = other.downcast::<Answer>()?;
        slf.get()
            .data
            .bind(slf.py())
            .eq(other.get().data.bind(slf.py()))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        Ok(format!(
            "{}({})",
            slf.get_type().name()?,
            slf.get().data.bind(py).repr()?
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (Py<PyDict>,)) {
        (slf.get_type(), (slf.get().data.clone_ref(slf.py()),))
    }

    /// The field names.
    fn keys<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        self.data.bind(py).keys()
    }

    /// The answer as its JSON object (a deep copy).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(py
            .import("copy")?
            .getattr("deepcopy")?
            .call1((self.data.bind(py),))?
            .unbind())
    }
}

/// The answer classes held as JSON objects, each a subclass of `Result`.
macro_rules! answer_kinds {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[pyclass(module = "pairi", extends = Answer, frozen)]
        pub(crate) struct $name;

        #[pymethods]
        impl $name {
            #[new]
            fn new(data: Bound<'_, PyDict>) -> (Self, Answer) {
                ($name, Answer::new(data))
            }
        }

        impl $name {
            /// The answer `data` (a JSON object as Python objects) as this class.
            #[allow(dead_code)]
            pub(crate) fn of(py: Python<'_>, data: Py<PyAny>) -> PyResult<Py<PyAny>> {
                let data = data.into_bound(py).downcast_into::<PyDict>()?;
                let init = PyClassInitializer::from(Answer::new(data)).add_subclass($name);
                Ok(Py::new(py, init)?.into_any())
            }
        }
    )*};
}

answer_kinds! {
    /// A hand read from notation: `hand` (its canonical JSON) and `text` (written in the
    /// notation asked for).
    Parsed;
    /// Shanten, forms, useful tiles, waits and improvements (13 − 3k tiles), or the
    /// discard table (14 − 3k tiles).
    Analysis;
    /// A shanten distribution of dealt hands (exact, sampled, or both).
    Stats;
    /// Tenpai probability, win probability and expected score of each discard by
    /// turn, best first.
    Ev;
    /// A record replayed and every win scored again: counts and `mismatches`.
    RecordCheck;
    /// Every discard of a record against the best one, and a summary per player.
    Review;
}
