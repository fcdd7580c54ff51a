use std::env;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos: Vec<PathBuf> = std::fs::read_dir("proto")?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().map_or(false, |x| x == "proto"))
        .collect();
    for p in &protos {
        println!("cargo:rerun-if-changed={}", p.display());
    }
    println!("cargo:rerun-if-changed=proto");

    // Prefer a system protoc; fall back to the vendored binary so builds work offline.
    if env::var_os("PROTOC").is_none() && which_protoc().is_none() {
        env::set_var("PROTOC", protoc_bin_vendored::protoc_bin_path()?);
    }

    let mut cfg = prost_build::Config::new();
    cfg.type_attribute(".", "#[derive(Eq, Hash)]");
    cfg.compile_protos(&protos, &["proto"])?;
    Ok(())
}

fn which_protoc() -> Option<PathBuf> {
    env::var_os("PATH").and_then(|paths| {
        env::split_paths(&paths).map(|d| d.join("protoc")).find(|p| p.is_file())
    })
}
