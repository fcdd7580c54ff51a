package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"
)

type pr struct {
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	CreatedAt time.Time `json:"created_at"`
	Draft     bool      `json:"draft"`
	Head      struct {
		Sha string `json:"sha"`
	} `json:"head"`
	Reviewers []struct {
		Login string `json:"login"`
	} `json:"requested_reviewers"`
}

func get(path string, v any) error {
	req, _ := http.NewRequest("GET", "https://api.github.com"+path, nil)
	req.Header.Set("Authorization", "Bearer "+os.Getenv("GITHUB_TOKEN"))
	req.Header.Set("Accept", "application/vnd.github+json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}

func main() {
	repos := flag.String("repos", "", "comma-separated owner/repo list")
	flag.Parse()
	type row struct {
		repo string
		p    pr
		ci   string
	}
	var rows []row
	for _, r := range strings.Split(*repos, ",") {
		var prs []pr
		if err := get("/repos/"+r+"/pulls?state=open&per_page=50", &prs); err != nil {
			fmt.Fprintln(os.Stderr, r, err)
			continue
		}
		for _, p := range prs {
			var st struct {
				State string `json:"state"`
			}
			get("/repos/"+r+"/commits/"+p.Head.Sha+"/status", &st)
			rows = append(rows, row{r, p, st.State})
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].p.CreatedAt.Before(rows[j].p.CreatedAt) })
	for _, x := range rows {
		age := int(time.Since(x.p.CreatedAt).Hours() / 24)
		fmt.Printf("%-25s #%-5d %3dd ci=%-8s reviewers=%d %s\n", x.repo, x.p.Number, age, x.ci, len(x.p.Reviewers), x.p.Title)
	}
}
