require 'net/smtp'
body = File.read(ARGV.fetch(0))
host, user, pass, to = ENV.values_at('SMTP_HOST', 'SMTP_USER', 'SMTP_PASSWORD', 'DIGEST_TO')
abort 'SMTP_HOST, SMTP_USER, SMTP_PASSWORD and DIGEST_TO must be set' if [host, user, pass, to].any?(&:nil?)
msg = <<~MAIL
  From: #{user}
  To: #{to}
  Subject: Daily digest #{Time.now.strftime('%Y-%m-%d')}
  Content-Type: text/plain; charset=utf-8

  #{body}
MAIL
smtp = Net::SMTP.new(host, Integer(ENV.fetch('SMTP_PORT', '587')))
smtp.enable_starttls
smtp.start(host, user, pass, :login) { |s| s.send_message(msg, user, to) }
puts "sent to #{to}"
