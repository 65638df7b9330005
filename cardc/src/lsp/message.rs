//! JSON-RPC messages as the server reads and writes them: a frame's body judged for size
//! before anything is built from it, then sorted into a request, a notification or a reply.
//!
//! A body is scanned once for its nesting depth and its number of values ([`MAX_DEPTH`],
//! [`MAX_VALUES`]) before `serde_json` builds a tree, so a message within the size limit can
//! never parse into gigabytes. Request ids are kept as the JSON the client sent (an integer of
//! any size, a string or `null`) and echoed back unchanged.

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// Deepest nesting a message may have (the largest client capabilities nest about 10 deep).
pub const MAX_DEPTH: usize = 64;
/// Most JSON values (every string, key, number, literal, array and object counted) in one
/// message. A `didChange` with 4,096 range edits has about 90,000.
pub const MAX_VALUES: usize = 200_000;

/// JSON-RPC's error codes, as the protocol numbers them.
pub mod code {
    pub const PARSE_ERROR: i32 = -32700;
    pub const INVALID_REQUEST: i32 = -32600;
    pub const METHOD_NOT_FOUND: i32 = -32601;
    pub const INVALID_PARAMS: i32 = -32602;
    pub const INTERNAL_ERROR: i32 = -32603;
    pub const SERVER_NOT_INITIALIZED: i32 = -32002;
}

/// One message from the client.
#[derive(Debug)]
pub enum Incoming {
    Request {
        id: Value,
        method: String,
        params: Value,
    },
    Notification {
        method: String,
        params: Value,
    },
    /// A reply to something the server asked (it asks nothing, so it is dropped).
    Reply,
    /// Not a message the server can act on: answered with this error (id as detected, or
    /// `null` when none could be).
    Refused {
        id: Value,
        code: i32,
        message: String,
    },
}

/// A reply to a request.
pub fn reply(id: Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// An error reply.
pub fn error(id: Value, code: i32, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// A notification from the server.
pub fn notification(method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": method, "params": params})
}

/// Why a body is too big to build, if it is: deeper than [`MAX_DEPTH`] or more than
/// [`MAX_VALUES`] values. It reads the bytes once and allocates nothing; it does not check the
/// JSON is well formed (the parser after it does).
pub fn too_big(body: &[u8]) -> Option<String> {
    let mut depth = 0usize;
    let mut values = 0usize;
    // Whether the next non-blank byte outside a string starts a value (or a key).
    let mut starts = true;
    let mut bytes = body.iter();
    while let Some(&b) = bytes.next() {
        match b {
            b' ' | b'\t' | b'\n' | b'\r' => continue,
            b'"' => {
                values += 1;
                // Skip the string, escapes included.
                while let Some(&c) = bytes.next() {
                    match c {
                        b'\\' => {
                            bytes.next();
                        }
                        b'"' => break,
                        _ => {}
                    }
                }
                starts = false;
            }
            b'[' | b'{' => {
                values += 1;
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(format!("the message nests deeper than {MAX_DEPTH} levels"));
                }
                starts = true;
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                starts = false;
            }
            b',' | b':' => starts = true,
            _ => {
                if starts {
                    values += 1;
                }
                starts = false;
            }
        }
        if values > MAX_VALUES {
            return Some(format!("the message holds more than {MAX_VALUES} values"));
        }
    }
    None
}

/// A request id the server can echo exactly: an integer of at most 64 bits, a string or `null`.
/// Anything else fails (an object or array could be as big as the message; a float reads back
/// as a nearby number, not the id sent).
struct Id(Value);

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Id, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Id;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an integer, a string or null")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Id, E> {
                Ok(Id(v.into()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
                Ok(Id(v.into()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Id, E> {
                Ok(Id(v.into()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Id, E> {
                Ok(Id(Value::Null))
            }
        }
        d.deserialize_any(V)
    }
}

/// The id of a body that is refused unbuilt, read without building anything else.
fn id_only(body: &[u8]) -> Value {
    // Unknown fields are skipped unbuilt (serde's derive ignores them without buffering).
    #[derive(Deserialize)]
    struct IdOnly {
        id: Option<Id>,
    }
    serde_json::from_slice::<IdOnly>(body)
        .ok()
        .and_then(|m| m.id)
        .map_or(Value::Null, |Id(v)| v)
}

/// Sorts a frame's body into what the server does with it.
pub fn decode(body: &[u8]) -> Incoming {
    if let Some(why) = too_big(body) {
        return Incoming::Refused {
            id: id_only(body),
            code: code::INVALID_REQUEST,
            message: why,
        };
    }
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Refused {
                id: Value::Null,
                code: code::PARSE_ERROR,
                message: format!("not JSON: {e}"),
            }
        }
    };
    let Value::Object(mut object) = value else {
        return Incoming::Refused {
            id: Value::Null,
            code: code::INVALID_REQUEST,
            message: "a message is a JSON object".into(),
        };
    };
    let id = object.remove("id");
    let method = object.remove("method");
    let params = object.remove("params").unwrap_or(Value::Null);
    // An id that cannot be echoed exactly is as if none was found: an object or array, or a
    // number that is not a 64-bit integer (a fraction, or digits past `u64::MAX`, which read
    // back as a nearby float, not the id sent).
    let valid_id = match &id {
        None => None,
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => id.clone(),
        Some(v @ (Value::String(_) | Value::Null)) => Some(v.clone()),
        Some(_) => {
            return Incoming::Refused {
                id: Value::Null,
                code: code::INVALID_REQUEST,
                message: "a request id is an integer of at most 64 bits, a string or null".into(),
            }
        }
    };
    match (valid_id, method) {
        (Some(id), Some(Value::String(method))) => Incoming::Request { id, method, params },
        (None, Some(Value::String(method))) => Incoming::Notification { method, params },
        (id, Some(_)) => Incoming::Refused {
            id: id.unwrap_or(Value::Null),
            code: code::INVALID_REQUEST,
            message: "a message's method is a string".into(),
        },
        (Some(_), None) if is_reply(&object) => Incoming::Reply,
        (id, None) => Incoming::Refused {
            id: id.unwrap_or(Value::Null),
            code: code::INVALID_REQUEST,
            message: "a message has a method, or is a reply with a result or an error".into(),
        },
    }
}

fn is_reply(object: &Map<String, Value>) -> bool {
    object.contains_key("result") || object.contains_key("error")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_values_and_depth_without_building() {
        assert_eq!(too_big(br#"{"a": [1, 2, "x\"]"], "b": null}"#), None);
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert!(too_big(deep.as_bytes()).is_some());
        let many = format!("[{}0]", "0,".repeat(MAX_VALUES));
        assert!(too_big(many.as_bytes()).is_some());
    }

    #[test]
    fn ids_of_every_kind_are_kept() {
        for id in [
            json!(1u64 << 40),
            json!(u64::MAX),
            json!(-3),
            json!("x"),
            Value::Null,
        ] {
            let body = json!({"jsonrpc": "2.0", "id": id, "method": "m"}).to_string();
            match decode(body.as_bytes()) {
                Incoming::Request { id: got, .. } => assert_eq!(got, id),
                other => panic!("{other:?}"),
            }
        }
        // Ids that could not be echoed exactly are refused with `null`.
        for id in ["{\"a\": 1}", "1.5", "18446744073709551616", "[1]"] {
            let body = format!(r#"{{"jsonrpc": "2.0", "id": {id}, "method": "m"}}"#);
            assert!(
                matches!(
                    decode(body.as_bytes()),
                    Incoming::Refused {
                        id: Value::Null,
                        ..
                    }
                ),
                "{id}"
            );
        }
        let many = format!(
            r#"{{"id": 99, "method": "m", "params": [{}0]}}"#,
            "0,".repeat(MAX_VALUES)
        );
        match decode(many.as_bytes()) {
            Incoming::Refused { id, .. } => assert_eq!(id, json!(99)),
            other => panic!("{other:?}"),
        }
    }
}
