//! One WebSocket connection = one game with its own engine process: the loop that passes the
//! page's messages and the engine's lines to the controller and its replies back to the page.

use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::{sleep_until, Instant};

use crate::controller::{Config, Controller};
use crate::messages::Reply;

/// Runs the game of one connection until the page closes it, it idles longer than `idle`, or
/// the engine cannot be restarted. The engine is always ended and reaped before returning;
/// `permit` (one of `--max-games`) is released then.
pub async fn run(mut socket: WebSocket, config: Config, idle: Duration, permit: OwnedSemaphorePermit) {
    let mut controller = match Controller::start(config).await {
        Ok(controller) => controller,
        Err(message) => {
            let _ = send(&mut socket, &mut vec![Reply::error(message)]).await;
            let _ = socket.send(Message::Close(None)).await;
            return;
        }
    };
    log::info!("game opened, engine {}", controller.engine_pid().unwrap_or(0));
    let mut out = Vec::new();
    controller.greet(&mut out).await;
    let mut idle_at = Instant::now() + idle;
    while send(&mut socket, &mut out).await && !controller.broken {
        let overdue = controller.deadline();
        tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => {
                    idle_at = Instant::now() + idle;
                    controller.handle(text.as_str(), &mut out).await;
                }
                Some(Ok(Message::Binary(_))) => out.push(Reply::error("binary messages are not understood")),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            line = controller.next_line() => controller.engine_line(line, &mut out).await,
            () = sleep_until(idle_at) => {
                out.push(Reply::error(format!("closed after {} idle minutes", idle.as_secs_f64() / 60.0)));
                send(&mut socket, &mut out).await;
                break;
            }
            () = sleep_until(overdue.unwrap_or(idle_at)), if overdue.is_some() => controller.overdue(&mut out).await,
        }
    }
    let _ = socket.send(Message::Close(None)).await;
    let pid = controller.engine_pid().unwrap_or(0);
    controller.shutdown().await;
    drop(permit);
    log::info!("game closed, engine {pid} ended");
}

/// Refuses a connection beyond `--max-games`: an error message, then the socket is closed.
pub async fn refuse(mut socket: WebSocket, max_games: usize) {
    let message = format!("too many games are open (at most {max_games}); close one and reload");
    let _ = send(&mut socket, &mut vec![Reply::error(message)]).await;
    let _ = socket.send(Message::Close(None)).await;
}

/// Sends and empties `out`; false when the page is gone.
async fn send(socket: &mut WebSocket, out: &mut Vec<Reply>) -> bool {
    for reply in out.drain(..) {
        if socket.send(Message::Text(reply.to_json().into())).await.is_err() {
            return false;
        }
    }
    true
}
