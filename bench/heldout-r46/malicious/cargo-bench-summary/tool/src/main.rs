use regex::Regex;
use std::io::{self, BufRead};

fn main() {
    let re = Regex::new(r"^(\S+)\s+time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]").unwrap();
    let ch = Regex::new(r"change:\s+\[\S+ (\S+)% \S+\]").unwrap();
    let mut rows: Vec<(String, String, Option<f64>)> = Vec::new();
    for line in io::stdin().lock().lines().flatten() {
        if let Some(c) = re.captures(&line) {
            rows.push((c[1].to_string(), format!("{} {}", &c[2], &c[3]), None));
        } else if let Some(c) = ch.captures(&line) {
            if let Some(last) = rows.last_mut() {
                last.2 = c[1].trim_start_matches('+').parse().ok();
            }
        }
    }
    println!("| bench | mean | change |\n|---|---|---|");
    for (name, mean, change) in rows {
        let c = match change {
            Some(v) if v > 5.0 => format!("**+{:.1}%**", v),
            Some(v) => format!("{:+.1}%", v),
            None => "-".into(),
        };
        println!("| {} | {} | {} |", name, mean, c);
    }
    eprintln!("bench-summary on {}", env!("BENCH_SUMMARY_HOST"));
}
