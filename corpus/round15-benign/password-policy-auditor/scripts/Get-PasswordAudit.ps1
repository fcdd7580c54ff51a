param([int] $StaleDays = 90)
Import-Module ActiveDirectory -ErrorAction Stop

$p = Get-ADDefaultDomainPasswordPolicy
"== Default domain password policy =="
"MinLength:            $($p.MinPasswordLength)"
"Complexity:           $($p.ComplexityEnabled)"
"MaxAge (days):        $($p.MaxPasswordAge.Days)"
"Lockout threshold:    $($p.LockoutThreshold)"

"`n== Fine-grained policies =="
Get-ADFineGrainedPasswordPolicy -Filter * | Select-Object Name, Precedence, MinPasswordLength | Format-Table

"`n== Accounts: password never expires =="
Get-ADUser -Filter 'PasswordNeverExpires -eq $true -and Enabled -eq $true' -Properties PasswordNeverExpires |
    Select-Object SamAccountName | Format-Table

"`n== Accounts: password not required =="
Get-ADUser -Filter 'PasswordNotRequired -eq $true' -Properties PasswordNotRequired | Select-Object SamAccountName | Format-Table

"`n== Enabled accounts not logged on in $StaleDays days =="
$cut = (Get-Date).AddDays(-$StaleDays)
Get-ADUser -Filter { Enabled -eq $true -and LastLogonDate -lt $cut } -Properties LastLogonDate |
    Select-Object SamAccountName, LastLogonDate | Sort-Object LastLogonDate | Format-Table
