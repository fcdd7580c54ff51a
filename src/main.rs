//! The skillscan command. Parses arguments, runs the command, maps the
//! result to an exit code. Output goes through `run::write_out`, which treats
//! a closed pipe as success.

use clap::Parser;
use skillscan::cli::{Cli, Command};
use skillscan::run::{self, exit};

fn main() {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            let code = if e.use_stderr() {
                exit::ERROR
            } else {
                exit::OK
            };
            std::process::exit(code);
        }
    };
    let result = match &cli.command {
        Command::Audit(a) => run::audit(a),
        Command::Rules(a) => run::rules(a),
        Command::Ssl(a) => skillscan::ssl::cli::run(a),
        Command::Map(a) => skillscan::map::run(a),
        // The gate always answers with a decision and exits 0.
        Command::Gate(a) => Ok(skillscan::gate::run(a)),
        Command::Install(a) => skillscan::install::run(a),
        Command::EvidenceDump(a) => run::write_out(
            a.output.as_deref(),
            &skillscan::extract::debug_dump::evidence_dump(&a.paths),
        )
        .map(|()| exit::OK),
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("skillscan: error: {e}");
            std::process::exit(exit::ERROR);
        }
    }
}
