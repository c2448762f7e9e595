//! JSON in and out (issue 13): every tournament of `tests/data` survives TRF → JSON → TRF, its JSON
//! validates against `schema/tournament.schema.json`, and the pairing and the checker's report validate
//! against theirs.

mod common;

use common::cases::normalised;
use common::data_files as trf_files;
use serde_json::Value;
use std::path::Path;
use swisspair::json;
use swisspair::{trf, Edition, System, Tournament};
use swisspair::{Report, Round};

/// A small JSON Schema validator for the keywords the schemas use: type, enum, properties, required,
/// additionalProperties, items, minItems, maxItems, minimum, maximum, maxLength, $ref (local), oneOf,
/// dependentRequired. Returns the first error with its path.
fn validate(schema: &Value, root: &Value, value: &Value, path: &str) -> Result<(), String> {
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let target = r
            .strip_prefix("#/")
            .ok_or(format!("{path}: non-local $ref {r}"))?
            .split('/')
            .try_fold(root, |v, part| v.get(part))
            .ok_or(format!("{path}: unknown $ref {r}"))?;
        return validate(target, root, value, path);
    }
    if let Some(types) = schema.get("type") {
        let names: Vec<&str> = match types {
            Value::String(s) => vec![s.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let ok = names.iter().any(|t| match *t {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            _ => false,
        });
        if !ok {
            return Err(format!("{path}: {value} is not of type {types}"));
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !options.contains(value) {
            return Err(format!("{path}: {value} not in {options:?}"));
        }
    }
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let matching = options
            .iter()
            .filter(|s| validate(s, root, value, path).is_ok())
            .count();
        if matching != 1 {
            return Err(format!("{path}: matches {matching} of oneOf"));
        }
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = schema.get("minimum").and_then(Value::as_f64) {
            if n < min {
                return Err(format!("{path}: {n} < {min}"));
            }
        }
        if let Some(max) = schema.get("maximum").and_then(Value::as_f64) {
            if n > max {
                return Err(format!("{path}: {n} > {max}"));
            }
        }
    }
    if let (Some(s), Some(max)) = (
        value.as_str(),
        schema.get("maxLength").and_then(Value::as_u64),
    ) {
        if s.chars().count() as u64 > max {
            return Err(format!("{path}: '{s}' longer than {max}"));
        }
    }
    if let Some(items) = value.as_array() {
        if let Some(min) = schema.get("minItems").and_then(Value::as_u64) {
            if (items.len() as u64) < min {
                return Err(format!("{path}: fewer than {min} items"));
            }
        }
        if let Some(max) = schema.get("maxItems").and_then(Value::as_u64) {
            if items.len() as u64 > max {
                return Err(format!("{path}: more than {max} items"));
            }
        }
        if let Some(item_schema) = schema.get("items") {
            for (i, item) in items.iter().enumerate() {
                validate(item_schema, root, item, &format!("{path}[{i}]"))?;
            }
        }
    }
    if let Some(object) = value.as_object() {
        let properties = schema.get("properties").and_then(Value::as_object);
        if let Some(required) = schema.get("required").and_then(Value::as_array) {
            for r in required.iter().filter_map(Value::as_str) {
                if !object.contains_key(r) {
                    return Err(format!("{path}: missing {r}"));
                }
            }
        }
        if let Some(deps) = schema.get("dependentRequired").and_then(Value::as_object) {
            for (key, needs) in deps {
                if object.contains_key(key) {
                    for n in needs
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                    {
                        if !object.contains_key(n) {
                            return Err(format!("{path}: {key} without {n}"));
                        }
                    }
                }
            }
        }
        for (key, v) in object {
            match properties.and_then(|p| p.get(key)) {
                Some(s) => validate(s, root, v, &format!("{path}.{key}"))?,
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    return Err(format!("{path}: unexpected property {key}"))
                }
                None => {}
            }
        }
    }
    Ok(())
}

fn check_against(schema_text: &str, json_text: &str) -> Result<(), String> {
    let schema: Value = serde_json::from_str(schema_text).map_err(|e| e.to_string())?;
    let value: Value = serde_json::from_str(json_text).map_err(|e| e.to_string())?;
    validate(&schema, &schema, &value, "$")
}

#[test]
fn the_validator_refuses_what_the_schema_refuses() {
    for bad in [
        r#"{}"#,
        r#"{"players": []}"#,
        r#"{"players": [{"start_number": 0}]}"#,
        r#"{"players": [{"start_number": 1, "rounds": [{"result": "Q"}]}]}"#,
        r#"{"players": [{"start_number": 1}], "extra": 1}"#,
        r#"{"players": [{"start_number": 1}], "forbidden": [{"players": [1], "first_round": 1}]}"#,
    ] {
        assert!(
            check_against(json::TOURNAMENT_SCHEMA, bad).is_err(),
            "{bad}"
        );
    }
}

/// TRF → JSON → TRF keeps every tournament of the test data (the reference engine's 600 Dutch
/// tournaments, the real files) identical; the JSON validates against the schema and converts back to
/// the same JSON.
#[test]
fn every_fixture_round_trips_through_json() {
    let mut count = 0;
    for folder in ["dutch", "dutch2026", "real", "peer", "perf"] {
        for path in trf_files(folder) {
            let bytes = std::fs::read(&path).expect("readable fixture");
            let Ok(original) = Tournament::from_bytes(&bytes) else {
                continue; // the real folder holds files the reader refuses on purpose
            };
            let name = path.display();
            let json_text = json::convert(&bytes, None).expect("TRF to JSON");
            check_against(json::TOURNAMENT_SCHEMA, &json_text)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let from_json = json::read_tournament(json_text.as_bytes())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                normalised(from_json),
                normalised(original.clone()),
                "{name}"
            );
            let trf_text =
                json::convert(json_text.as_bytes(), None).unwrap_or_else(|e| panic!("{name}: {e}"));
            let again = Tournament::from_bytes(trf_text.as_bytes())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(normalised(again), normalised(original), "{name}");
            assert_eq!(
                json::convert(trf_text.as_bytes(), None).expect("TRF to JSON"),
                json_text,
                "{name}"
            );
            count += 1;
        }
    }
    assert!(count >= 600, "{count} tournaments");
}

#[test]
fn pairing_and_check_json_validate() {
    let bytes = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/club-16p-round5.trf"),
    )
    .expect("example");
    let t = json::read_tournament(&bytes).expect("example reads");
    for (system, edition) in [
        (System::Dutch, Edition::Y2017),
        (System::Dutch, Edition::Y2026),
        (System::Dubov, Edition::Y1997),
        (System::Lim, Edition::Y1999),
        (System::Rating1992, Edition::Y1992),
    ] {
        let pairing = system.pair_in(edition, &t).expect("pairs");
        let j = Round::new(&t, system, edition, &pairing);
        assert_eq!(j.round, 5);
        assert_eq!(j.boards.len(), 7);
        let text = j.to_json().expect("json");
        check_against(json::PAIRING_SCHEMA, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        // The same pairs as the engine output.
        let engine: Vec<String> = pairing
            .to_engine_output(&t)
            .lines()
            .skip(1)
            .map(String::from)
            .collect();
        let from_json: Vec<String> = j
            .boards
            .iter()
            .map(|b| format!("{} {}", b.white.start_number, b.black.start_number))
            .chain(j.bye.iter().map(|b| format!("{} 0", b.start_number)))
            .collect();
        assert_eq!(engine, from_json);
    }
    let finished = trf_files("dutch").into_iter().next().expect("a fixture");
    let t = Tournament::from_bytes(&std::fs::read(finished).expect("fixture")).expect("reads");
    let report =
        swisspair::check::check_in(&t, System::Dutch, Edition::Y2017, |_, _| {}).expect("checks");
    let text = Report::new(System::Dutch, Edition::Y2017, &report)
        .to_json()
        .expect("json");
    check_against(json::CHECK_SCHEMA, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    // A report with a difference validates too.
    let mut report = report;
    report.differences.push(swisspair::check::RoundDifference {
        round: 1,
        recorded: vec![(1, 2), (3, 0)],
        paired: vec![],
        error: Some("no valid pairing".into()),
    });
    let text = Report::new(System::Dutch, Edition::Y2017, &report)
        .to_json()
        .expect("json");
    check_against(json::CHECK_SCHEMA, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    // With the notice that the default edition paired a file naming none (issue 25).
    let example = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/club-16p-round5.trf"),
    )
    .expect("example");
    let options = swisspair::PairOptions::new(System::Dutch);
    let round = swisspair::pair(&example, &options).expect("pairs");
    assert!(round.edition_notice.is_some());
    let text = round.to_json().expect("json");
    check_against(json::PAIRING_SCHEMA, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let t = swisspair::read_tournament(&example).expect("reads");
    let report = swisspair::check_tournament(&t, &options).expect("checks");
    assert!(report.edition_notice.is_some());
    let text = report.to_json().expect("json");
    check_against(json::CHECK_SCHEMA, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let _ = trf::MAX_ROUNDS;
}

/// A round replayed from its document ([`json::before_round`]) is the tournament the checker pairs for
/// that round: every round of 20 reference tournaments and of the 2026 ones.
#[test]
fn before_round_is_the_checkers_tournament() {
    for folder in ["dutch", "dutch2026"] {
        for path in trf_files(folder).into_iter().take(20) {
            let bytes = std::fs::read(&path).expect("fixture");
            let t = Tournament::from_bytes(&bytes).expect("reads");
            for round in 1..=t.rounds_played {
                let doc = json::before_round(&bytes, round).expect("cuts");
                let cut = json::document_to_tournament(&doc)
                    .unwrap_or_else(|e| panic!("{} round {round}: {e}", path.display()));
                let expected = swisspair::check::tournament_before(&t, round);
                assert_eq!(
                    normalised(cut),
                    normalised(expected),
                    "{} round {round}",
                    path.display()
                );
            }
        }
    }
    let example = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/club-16p-round5.trf"),
    )
    .expect("example");
    assert!(json::before_round(&example, 0).is_err());
    assert!(json::before_round(&example, 6).is_err());
    let next = json::document_to_tournament(&json::before_round(&example, 5).expect("cuts"))
        .expect("reads");
    assert_eq!(next.next_round(), 5);
}
