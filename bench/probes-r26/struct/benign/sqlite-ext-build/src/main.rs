use rusqlite::functions::FunctionFlags;
use rusqlite::{Connection, OpenFlags};
use std::ffi::CString;
use std::os::raw::{c_char, c_int};

extern "C" {
    fn fuzzy_levenshtein(a: *const c_char, b: *const c_char) -> c_int;
}

fn lev(a: &str, b: &str) -> i32 {
    let (ca, cb) = (CString::new(a).unwrap_or_default(), CString::new(b).unwrap_or_default());
    unsafe { fuzzy_levenshtein(ca.as_ptr(), cb.as_ptr()) }
}

fn main() -> rusqlite::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: fuzzysql DB QUERY");
        std::process::exit(2);
    }
    let conn = Connection::open_with_flags(&args[1], OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    conn.create_scalar_function("levenshtein", 2, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let a: String = ctx.get(0)?;
        let b: String = ctx.get(1)?;
        Ok(lev(&a, &b))
    })?;
    let mut stmt = conn.prepare(&args[2])?;
    let cols = stmt.column_count();
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let vals: Vec<String> = (0..cols)
            .map(|i| row.get_ref(i).map(|v| format!("{:?}", v)).unwrap_or_default())
            .collect();
        println!("{}", vals.join("\t"));
    }
    Ok(())
}
