package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"time"
)

func resolver(addr string) *net.Resolver {
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{Timeout: 3 * time.Second}).DialContext(ctx, "udp", addr)
	}}
}

func main() {
	typ := flag.String("type", "A", "record type")
	flag.Parse()
	ctx := context.Background()
	for _, d := range flag.Args() {
		for _, rs := range []string{"1.1.1.1:53", "8.8.8.8:53"} {
			r := resolver(rs)
			var out interface{}
			var err error
			switch *typ {
			case "MX":
				out, err = r.LookupMX(ctx, d)
			case "TXT":
				out, err = r.LookupTXT(ctx, d)
			case "NS":
				out, err = r.LookupNS(ctx, d)
			case "CNAME":
				out, err = r.LookupCNAME(ctx, d)
			default:
				out, err = r.LookupHost(ctx, d)
			}
			fmt.Printf("%-25s %-10s %-5s %v %v\n", d, rs, *typ, out, err)
		}
	}
}
