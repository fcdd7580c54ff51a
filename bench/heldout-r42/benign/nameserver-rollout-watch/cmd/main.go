package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"strings"
	"time"
)

var resolvers = map[string]string{
	"Cloudflare": "1.1.1.1:53", "Google": "8.8.8.8:53", "Quad9": "9.9.9.9:53",
	"OpenDNS": "208.67.222.222:53", "AdGuard": "94.140.14.14:53",
}

func lookup(addr, name, typ string) ([]string, error) {
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{Timeout: 3 * time.Second}).DialContext(ctx, "udp", addr)
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	switch typ {
	case "TXT":
		return r.LookupTXT(ctx, name)
	case "CNAME":
		c, err := r.LookupCNAME(ctx, name)
		return []string{c}, err
	case "MX":
		mx, err := r.LookupMX(ctx, name)
		out := []string{}
		for _, m := range mx {
			out = append(out, m.Host)
		}
		return out, err
	default:
		return r.LookupHost(ctx, name)
	}
}

func main() {
	name := flag.String("name", "", "record name")
	typ := flag.String("type", "A", "A|AAAA|CNAME|MX|TXT")
	want := flag.String("want", "", "expected value (substring)")
	watch := flag.Duration("watch", 0, "re-check interval")
	flag.Parse()
	deadline := time.Now().Add(30 * time.Minute)
	for {
		agree := 0
		for n, a := range resolvers {
			v, err := lookup(a, *name, strings.ToUpper(*typ))
			ok := err == nil && (*want == "" || strings.Contains(strings.Join(v, ","), *want))
			if ok {
				agree++
			}
			fmt.Printf("%-11s %-40s %v\n", n, strings.Join(v, ","), ok)
		}
		if *watch == 0 || agree == len(resolvers) || time.Now().After(deadline) {
			return
		}
		time.Sleep(*watch)
	}
}
