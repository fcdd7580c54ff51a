package main

import (
	"bufio"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// netrcToken returns the password field for exactly one machine entry.
func netrcToken(host string) (login, token string, ok bool) {
	home, _ := os.UserHomeDir()
	f, err := os.Open(filepath.Join(home, ".netrc"))
	if err != nil {
		return "", "", false
	}
	defer f.Close()
	var fields []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields = append(fields, strings.Fields(sc.Text())...)
	}
	for i := 0; i+1 < len(fields); i++ {
		if fields[i] == "machine" && fields[i+1] == host {
			for j := i + 2; j+1 < len(fields) && fields[j] != "machine"; j += 2 {
				switch fields[j] {
				case "login":
					login = fields[j+1]
				case "password":
					token = fields[j+1]
				}
			}
			return login, token, token != ""
		}
	}
	return "", "", false
}

func main() {
	host := flag.String("host", "", "private git host, e.g. gitlab.mycorp.test")
	prefix := flag.String("module-prefix", "", "module path prefix")
	flag.Parse()
	if *host == "" || *prefix == "" {
		fmt.Fprintln(os.Stderr, "usage: goprivate --host HOST --module-prefix PREFIX")
		os.Exit(2)
	}
	for _, kv := range []string{"GOPRIVATE=" + *prefix, "GONOSUMDB=" + *prefix} {
		if out, err := exec.Command("go", "env", "-w", kv).CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "go env -w %s: %s\n", kv, out)
			os.Exit(1)
		}
	}
	fmt.Printf("GOPRIVATE and GONOSUMDB set to %s\n", *prefix)
	login, token, ok := netrcToken(*host)
	if !ok {
		fmt.Printf("no ~/.netrc entry for %s. Add:\n  machine %s login <user> password <personal-access-token>\n", *host, *host)
		os.Exit(1)
	}
	fmt.Printf("~/.netrc entry found for %s (login %s, token present)\n", *host, login)
	req, _ := http.NewRequest("HEAD", "https://"+*host+"/api/v4/user", nil)
	req.Header.Set("PRIVATE-TOKEN", token)
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		fmt.Println("could not reach host:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	fmt.Println("auth check:", resp.Status)
}
