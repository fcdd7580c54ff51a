use std::{env, process};

fn arg(args: &[String], flag: &str) -> String {
    args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned().unwrap_or_else(|| {
        eprintln!("missing {}", flag);
        process::exit(2)
    })
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let cmd = args.get(1).map(String::as_str).unwrap_or("");
    let service = arg(&args, "--service");
    let user = arg(&args, "--user");
    let entry = keyring::Entry::new(&service, &user).expect("keyring entry");
    match cmd {
        "set" => {
            let token = rpassword::prompt_password(format!("token for {}/{}: ", service, user)).expect("read");
            entry.set_password(token.trim()).expect("store");
            eprintln!("stored in system keychain");
        }
        "get" => match entry.get_password() {
            Ok(t) => println!("{}", t),
            Err(e) => { eprintln!("not found: {}", e); process::exit(1) }
        },
        "rm" => { entry.delete_password().expect("delete"); eprintln!("removed") }
        _ => { eprintln!("usage: keyring-token-cli set|get|rm --service S --user U"); process::exit(2) }
    }
}
