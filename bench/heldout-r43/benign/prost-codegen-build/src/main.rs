pub mod events {
    include!(concat!(env!("OUT_DIR"), "/events.rs"));
}

use prost::Message;

fn main() {
    let e = events::UserSignedUp { user_id: "u_1".into(), email: "ada@example.com".into(), at_unix: 1_700_000_000 };
    let bytes = e.encode_to_vec();
    let back = events::UserSignedUp::decode(bytes.as_slice()).unwrap();
    println!("{} bytes, roundtrip ok: {}", bytes.len(), back == e);
}
