//! Sending verification codes: e-mail through a real SMTP client, text messages
//! through an [`SmsSender`] whose default keeps them in the `sms_outbox` table
//! (until a deployment plugs in its SMS provider), listed by `rscloud outbox`.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::config::{SmtpConfig, SmtpSecurity};
use crate::db::Db;
use crate::error::AppError;

/// Where a text message goes.
pub trait SmsSender: Send + Sync {
    /// Sends `text` to a mainland mobile number.
    fn send<'a>(
        &'a self,
        telephone: &'a str,
        text: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<(), AppError>> + Send + 'a>>;
}

/// The default SMS "provider": the message is stored in `sms_outbox`.
pub struct OutboxSms {
    db: Db,
}

impl OutboxSms {
    /// Writes into this database's outbox.
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl SmsSender for OutboxSms {
    fn send<'a>(
        &'a self,
        telephone: &'a str,
        text: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<(), AppError>> + Send + 'a>> {
        let (telephone, text) = (telephone.to_owned(), text.to_owned());
        Box::pin(async move {
            self.db
                .call(move |c| super::store::queue_sms(c, &telephone, &text))
                .await?;
            Ok(())
        })
    }
}

/// The configured mail server, if any.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// Builds the SMTP client from the configuration; fails on a bad sender or host.
    pub fn new(cfg: &SmtpConfig) -> anyhow::Result<Self> {
        let from: Mailbox = cfg
            .from
            .parse()
            .map_err(|e| anyhow::anyhow!("smtp.from {:?} is not a mailbox: {e}", cfg.from))?;
        let builder = match cfg.security {
            SmtpSecurity::None => {
                AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&cfg.host)
            }
            SmtpSecurity::Starttls => {
                AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&cfg.host)?
            }
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&cfg.host)?,
        };
        let mut builder = builder
            .port(cfg.port)
            .timeout(Some(Duration::from_secs(15)));
        if let (Some(user), Some(password)) = (&cfg.username, &cfg.password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Self {
            transport: builder.build(),
            from,
        })
    }

    /// Sends a plain-text message.
    pub async fn send(&self, to: &str, subject: &str, body: String) -> Result<(), AppError> {
        let to: Mailbox = to
            .parse()
            .map_err(|_| AppError::bad_request("请输入正确的邮箱地址"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|e| AppError::Internal(e.into()))?;
        self.transport.send(message).await.map_err(|e| {
            tracing::error!(error = %e, "sending mail failed");
            AppError::Unavailable("邮件发送失败，请稍后重试或使用手机号验证".into())
        })?;
        Ok(())
    }
}
