use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

fn parse_ports(args: &[String]) -> (Vec<u16>, u32) {
    let mut ports = vec![22, 80, 443];
    let mut rate = 100;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--ports" => { ports = args[i + 1].split(',').filter_map(|p| p.parse().ok()).collect(); i += 1; }
            "--range" => {
                let (a, b) = args[i + 1].split_once('-').expect("range like 1-1024");
                ports = (a.parse().unwrap()..=b.parse().unwrap()).collect();
                i += 1;
            }
            "--rate" => { rate = args[i + 1].parse::<u32>().unwrap().clamp(1, 500); i += 1; }
            _ => {}
        }
        i += 1;
    }
    (ports, rate)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let host = args.first().expect("usage: port-probe HOST [--ports a,b] [--range a-b] [--rate n]");
    let (ports, rate) = parse_ports(&args[1..]);
    let gap = Duration::from_secs_f64(1.0 / rate as f64);
    let mut open = vec![];
    for p in ports {
        let t = Instant::now();
        if let Some(addr) = (host.as_str(), p).to_socket_addrs().ok().and_then(|mut a| a.next()) {
            if TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_ok() {
                println!("{p}/tcp open");
                open.push(p);
            }
        }
        if let Some(rest) = gap.checked_sub(t.elapsed()) { std::thread::sleep(rest); }
    }
    println!("{} open port(s) on {host}", open.len());
}
