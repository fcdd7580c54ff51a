use std::{env, fs, process};

fn line_of(src: &str, key: &str) -> usize {
    src.lines().position(|l| l.trim_start().starts_with(key)).map(|i| i + 1).unwrap_or(0)
}

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.len() < 4 || args[1] != "--schema" {
        eprintln!("usage: toml-schema-check --schema <schema.json> <file.toml>");
        process::exit(2);
    }
    let schema: serde_json::Value = serde_json::from_str(&fs::read_to_string(&args[2]).expect("schema")).expect("json");
    let src = fs::read_to_string(&args[3]).expect("toml");
    let doc: toml::Value = toml::from_str(&src).unwrap_or_else(|e| {
        eprintln!("{}: parse error: {}", args[3], e);
        process::exit(1)
    });
    let inst = serde_json::to_value(&doc).unwrap();
    let compiled = jsonschema::JSONSchema::compile(&schema).expect("schema compile");
    let mut n = 0;
    if let Err(errors) = compiled.validate(&inst) {
        for e in errors {
            let path = e.instance_path.to_string();
            let key = path.rsplit('/').next().unwrap_or("");
            println!("{}:{}: {}: {}", args[3], line_of(&src, key), path, e);
            n += 1;
        }
    }
    println!("{} error(s) (build {})", n, env!("TSC_BUILD_ID"));
}
