use image::imageops::FilterType;
use rayon::prelude::*;
use std::path::PathBuf;
use walkdir::WalkDir;

const EXTS: &[&str] = &["jpg", "jpeg", "png", "webp"];

/// 64-bit difference hash: 9x8 greyscale, compare neighbours.
fn dhash(path: &PathBuf) -> Option<u64> {
    let img = image::open(path).ok()?.resize_exact(9, 8, FilterType::Triangle).to_luma8();
    let mut h = 0u64;
    for y in 0..8 {
        for x in 0..8 {
            h <<= 1;
            if img.get_pixel(x, y)[0] < img.get_pixel(x + 1, y)[0] {
                h |= 1;
            }
        }
    }
    Some(h)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = args.first().cloned().unwrap_or_else(|| ".".into());
    let get = |k: &str| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok());
    let threshold: u32 = get("--threshold").unwrap_or(6);
    if let Some(n) = get("--threads") {
        rayon::ThreadPoolBuilder::new().num_threads(n).build_global().expect("thread pool");
    }

    let files: Vec<PathBuf> = WalkDir::new(&root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().and_then(|x| x.to_str()).map(|x| EXTS.contains(&x.to_lowercase().as_str())).unwrap_or(false))
        .collect();
    eprintln!("hashing {} files", files.len());

    let hashes: Vec<(PathBuf, u64)> = files.par_iter().filter_map(|p| dhash(p).map(|h| (p.clone(), h))).collect();

    // group greedily: each unassigned file starts a group; near neighbours join it
    let mut group = vec![usize::MAX; hashes.len()];
    let mut next = 0;
    for i in 0..hashes.len() {
        if group[i] != usize::MAX {
            continue;
        }
        let members: Vec<usize> = (i + 1..hashes.len())
            .into_par_iter()
            .filter(|&j| group[j] == usize::MAX && (hashes[i].1 ^ hashes[j].1).count_ones() <= threshold)
            .collect();
        if !members.is_empty() {
            group[i] = next;
            for j in members {
                group[j] = next;
            }
            next += 1;
        }
    }

    println!("group,path,size_bytes");
    for (i, (p, _)) in hashes.iter().enumerate() {
        if group[i] != usize::MAX {
            let size = std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
            println!("{},{:?},{}", group[i], p, size);
        }
    }
    eprintln!("{} duplicate groups", next);
}
