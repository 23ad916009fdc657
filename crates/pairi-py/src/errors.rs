//! The exceptions of `pairi`: one class per JSON error kind, all subclasses of
//! `PairiError` and of the built-in exception a Python caller expects (`ValueError` for
//! a value pairi cannot use, `TypeError` for an argument of the wrong type), so that
//! `except pairi.PairiError` catches everything pairi raises and `except TypeError`
//! still works.

use pairi::api::{Error, ErrorKind};
use pyo3::exceptions::{PyException, PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// The classes, made once when the module is first imported.
struct Classes {
    base: Py<PyType>,
    parse: Py<PyType>,
    invalid_request: Py<PyType>,
    invalid_type: Py<PyType>,
    invalid_hand: Py<PyType>,
    not_winning: Py<PyType>,
    no_yaku: Py<PyType>,
    too_large: Py<PyType>,
    timeout: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

/// A class `name(*bases)` of module `pairi`, its JSON error kind in `kind`.
fn class<'py>(
    py: Python<'py>,
    name: &str,
    bases: &[Bound<'py, PyType>],
    kind: Option<&str>,
    doc: &str,
) -> PyResult<Py<PyType>> {
    let namespace = PyDict::new(py);
    namespace.set_item("__module__", "pairi")?;
    namespace.set_item("__doc__", doc)?;
    namespace.set_item("kind", kind)?;
    let ty = py
        .get_type::<PyType>()
        .call1((name, PyTuple::new(py, bases)?, namespace))?;
    Ok(ty.downcast_into::<PyType>()?.unbind())
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let value = py.get_type::<PyValueError>();
        let base = class(
            py,
            "PairiError",
            &[py.get_type::<PyException>()],
            None,
            "A request pairi cannot answer. `kind` is its JSON error kind (`parse`, \
             `invalid_request`, `invalid_hand`, `not_winning`, `no_yaku`, `too_large`, \
             `timeout`); the message is the command line's.",
        )?;
        let b = base.bind(py).clone();
        let parse = class(
            py,
            "ParseError",
            &[b.clone(), value.clone()],
            Some("parse"),
            "Notation that cannot be read (`parse`); also a ValueError.",
        )?;
        let invalid_request = class(
            py,
            "InvalidRequestError",
            &[b.clone(), value.clone()],
            Some("invalid_request"),
            "An argument that cannot be used (`invalid_request`); also a ValueError.",
        )?;
        let invalid_type = class(
            py,
            "InvalidTypeError",
            &[
                invalid_request.bind(py).clone(),
                py.get_type::<PyTypeError>(),
            ],
            Some("invalid_request"),
            "An argument of a type the JSON request could not hold either (a flag that is \
             not a bool, bytes for a hand, an object JSON has no value for), or a keyword \
             the function does not take: an InvalidRequestError and a TypeError.",
        )?;
        let invalid_hand = class(
            py,
            "InvalidHandError",
            &[b.clone(), value.clone()],
            Some("invalid_hand"),
            "Tiles or a situation that break the rules of the game (`invalid_hand`); also \
             a ValueError.",
        )?;
        let not_winning = class(
            py,
            "NotWinningError",
            &[b.clone(), value.clone()],
            Some("not_winning"),
            "A score or fan request whose hand is not complete (`not_winning`); also a \
             ValueError.",
        )?;
        let no_yaku = class(
            py,
            "NoYakuError",
            &[b.clone(), value.clone()],
            Some("no_yaku"),
            "A complete Riichi hand without a yaku (`no_yaku`); also a ValueError.",
        )?;
        let too_large = class(
            py,
            "TooLargeError",
            &[b.clone(), value],
            Some("too_large"),
            "A request asking more than the limits allow: Monte Carlo hands, hand states \
             of a search, bytes of a record (`too_large`); also a ValueError.",
        )?;
        let timeout = class(
            py,
            "TimeoutError",
            &[b, py.get_type::<PyTimeoutError>()],
            Some("timeout"),
            "Work stopped at its time limit (`timeout`); also the built-in TimeoutError.",
        )?;
        Ok(Classes {
            base,
            parse,
            invalid_request,
            invalid_type,
            invalid_hand,
            not_winning,
            no_yaku,
            too_large,
            timeout,
        })
    })
}

/// Adds the classes to the module.
pub(crate) fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let c = classes(py)?;
    for (name, ty) in [
        ("PairiError", &c.base),
        ("ParseError", &c.parse),
        ("InvalidRequestError", &c.invalid_request),
        ("InvalidTypeError", &c.invalid_type),
        ("InvalidHandError", &c.invalid_hand),
        ("NotWinningError", &c.not_winning),
        ("NoYakuError", &c.no_yaku),
        ("TooLargeError", &c.too_large),
        ("TimeoutError", &c.timeout),
    ] {
        m.add(name, ty.bind(py))?;
    }
    Ok(())
}

/// The exception of `class` with `message`.
fn new_err(pick: impl FnOnce(&Classes) -> &Py<PyType>, message: String) -> PyErr {
    Python::attach(|py| match classes(py) {
        Ok(c) => PyErr::from_type(pick(c).bind(py).clone(), message),
        Err(e) => e,
    })
}

/// The exception of an error's kind, with the command line's message. A request refused
/// for a value of the wrong type (serde's `invalid type:`) is an `InvalidTypeError`.
pub(crate) fn raise(e: &Error) -> PyErr {
    let m = e.message.clone();
    match e.kind {
        ErrorKind::Parse => new_err(|c| &c.parse, m),
        ErrorKind::InvalidRequest if m.contains("invalid type: ") => {
            new_err(|c| &c.invalid_type, m)
        }
        ErrorKind::InvalidRequest => new_err(|c| &c.invalid_request, m),
        ErrorKind::InvalidHand => new_err(|c| &c.invalid_hand, m),
        ErrorKind::NotWinning => new_err(|c| &c.not_winning, m),
        ErrorKind::NoYaku => new_err(|c| &c.no_yaku, m),
        ErrorKind::TooLarge => new_err(|c| &c.too_large, m),
        ErrorKind::Timeout => new_err(|c| &c.timeout, m),
        _ => new_err(|c| &c.base, m),
    }
}

/// An `InvalidTypeError`.
pub(crate) fn type_error(message: impl Into<String>) -> PyErr {
    new_err(|c| &c.invalid_type, message.into())
}

/// An `InvalidRequestError`.
pub(crate) fn invalid(message: impl Into<String>) -> PyErr {
    new_err(|c| &c.invalid_request, message.into())
}

/// A `ParseError`.
pub(crate) fn parse_error(message: impl Into<String>) -> PyErr {
    new_err(|c| &c.parse, message.into())
}

/// The `TypeError` of a keyword the function `function` does not take.
pub(crate) fn unknown_keyword(function: &str, fields: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    match fields.and_then(|f| f.keys().into_iter().next()) {
        None => Ok(()),
        Some(key) => Err(unexpected_keyword(function, &key)),
    }
}

/// The `TypeError` of the keyword `key`, which the function `function` does not take.
pub(crate) fn unexpected_keyword(function: &str, key: &Bound<'_, PyAny>) -> PyErr {
    type_error(format!(
        "{function}() got an unexpected keyword argument {}",
        key.repr().map_or_else(|_| "?".into(), |r| r.to_string())
    ))
}
