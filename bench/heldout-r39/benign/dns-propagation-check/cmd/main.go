package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"sort"
	"strings"
	"sync"
	"time"
)

var resolvers = map[string]string{
	"Google":     "8.8.8.8:53",
	"Cloudflare": "1.1.1.1:53",
	"Quad9":      "9.9.9.9:53",
	"OpenDNS":    "208.67.222.222:53",
	"Level3":     "4.2.2.2:53",
	"AdGuard":    "94.140.14.14:53",
}

func lookup(server, name, typ string) ([]string, error) {
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{Timeout: 3 * time.Second}).DialContext(ctx, "udp", server)
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	switch typ {
	case "A", "AAAA":
		ips, err := r.LookupIPAddr(ctx, name)
		var out []string
		for _, ip := range ips {
			if (typ == "A") == (ip.IP.To4() != nil) {
				out = append(out, ip.IP.String())
			}
		}
		return out, err
	case "CNAME":
		c, err := r.LookupCNAME(ctx, name)
		return []string{c}, err
	case "MX":
		mx, err := r.LookupMX(ctx, name)
		var out []string
		for _, m := range mx {
			out = append(out, fmt.Sprintf("%d %s", m.Pref, m.Host))
		}
		return out, err
	case "TXT":
		return r.LookupTXT(ctx, name)
	}
	return nil, fmt.Errorf("unsupported type %s", typ)
}

func main() {
	name := flag.String("name", "", "record name")
	typ := flag.String("type", "A", "A|AAAA|CNAME|MX|TXT")
	expect := flag.String("expect", "", "expected value")
	flag.Parse()
	servers := map[string]string{}
	for k, v := range resolvers {
		servers[k] = v
	}
	zone := *name
	for strings.Count(zone, ".") > 1 {
		zone = zone[strings.Index(zone, ".")+1:]
	}
	if ns, err := net.LookupNS(zone); err == nil {
		for _, n := range ns {
			servers["auth:"+strings.TrimSuffix(n.Host, ".")] = strings.TrimSuffix(n.Host, ".") + ":53"
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	rows := []string{}
	for label, srv := range servers {
		wg.Add(1)
		go func(label, srv string) {
			defer wg.Done()
			ans, err := lookup(srv, *name, *typ)
			got := strings.Join(ans, ",")
			if err != nil {
				got = "error: " + err.Error()
			}
			mark := ""
			if *expect != "" {
				mark = "⏳"
				if strings.Contains(got, *expect) {
					mark = "✅"
				}
			}
			mu.Lock()
			rows = append(rows, fmt.Sprintf("%-28s %s %s", label, mark, got))
			mu.Unlock()
		}(label, srv)
	}
	wg.Wait()
	sort.Strings(rows)
	fmt.Println(strings.Join(rows, "\n"))
}
