package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"time"
)

var (
	token  = os.Getenv("TELEGRAM_BOT_TOKEN")
	chatID = os.Getenv("TELEGRAM_CHAT_ID")
	api    = "https://api.telegram.org/bot" + token
	last   = "no runs yet"
)

type update struct {
	UpdateID int `json:"update_id"`
	Message  struct {
		Text string `json:"text"`
		Chat struct {
			ID int64 `json:"id"`
		} `json:"chat"`
	} `json:"message"`
}

func send(text string) error {
	resp, err := http.PostForm(api+"/sendMessage", url.Values{"chat_id": {chatID}, "text": {text}})
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("telegram: HTTP %d", resp.StatusCode)
	}
	return nil
}

func serve() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	offset := 0
	backoff := time.Second
	client := &http.Client{Timeout: 40 * time.Second}
	for {
		select {
		case <-stop:
			fmt.Println("stopped")
			return
		default:
		}
		resp, err := client.Get(fmt.Sprintf("%s/getUpdates?timeout=30&offset=%d", api, offset))
		if err != nil {
			time.Sleep(backoff)
			backoff = min(backoff*2, time.Minute)
			continue
		}
		backoff = time.Second
		var body struct{ Result []update }
		json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		for _, u := range body.Result {
			offset = u.UpdateID + 1
			if strconv.FormatInt(u.Message.Chat.ID, 10) != chatID {
				continue
			}
			switch u.Message.Text {
			case "/status", "/last":
				send(last)
			}
		}
	}
}

func main() {
	if token == "" || chatID == "" {
		fmt.Fprintln(os.Stderr, "set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID")
		os.Exit(2)
	}
	if len(os.Args) > 2 && os.Args[1] == "notify" {
		last = os.Args[2]
		if err := send(last); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	serve()
}
