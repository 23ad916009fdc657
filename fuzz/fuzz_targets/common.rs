//! What every request target checks: one JSON line in, one JSON object out, never a
//! panic.

use pairi::api::{batch, Request};

/// Answers `data` as one batch line of `R` and checks the answer is one JSON object
/// with an `id` and either a result or an error of a known kind.
pub fn answer_line<R: Request>(data: &[u8]) {
    let mut out = Vec::new();
    batch::answer_bytes::<R>(data, Some(1), &R::Defaults::default(), &mut out);
    // Ids are echoed as written, numbers of any size included: read them raw.
    #[derive(serde::Deserialize)]
    struct Answer<'a> {
        #[serde(borrow)]
        id: &'a serde_json::value::RawValue,
        error: Option<ErrorObject>,
    }
    #[derive(serde::Deserialize)]
    struct ErrorObject {
        kind: String,
    }
    let answer: Answer<'_> = serde_json::from_slice(&out).unwrap_or_else(|e| {
        panic!(
            "not one JSON object: {e}: {}",
            String::from_utf8_lossy(&out)
        )
    });
    assert!(!answer.id.get().is_empty());
    if let Some(error) = answer.error {
        assert!(
            [
                "parse",
                "invalid_request",
                "invalid_hand",
                "not_winning",
                "no_yaku"
            ]
            .contains(&error.kind.as_str()),
            "{}",
            error.kind
        );
    }
}
