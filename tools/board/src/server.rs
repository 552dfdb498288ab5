//! The HTTP side: the page's three files and the WebSocket endpoint `/ws`, one game per socket.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::controller::Config;
use crate::session;

const INDEX: &str = include_str!("../web/index.html");
const APP: &str = include_str!("../web/app.js");
const STYLE: &str = include_str!("../web/style.css");

/// What every connection shares.
#[derive(Clone)]
struct App {
    config: Config,
    idle: Duration,
    max_games: usize,
    games: Arc<Semaphore>,
}

/// Serves the page on `listener` until the process ends.
pub async fn serve(listener: TcpListener, config: Config, max_games: usize, idle: Duration) -> std::io::Result<()> {
    let app = App { config, idle, max_games, games: Arc::new(Semaphore::new(max_games)) };
    let router = Router::new()
        .route("/", get(|| async { Html(INDEX) }))
        .route("/app.js", get(|| async { ([(CONTENT_TYPE, "text/javascript; charset=utf-8")], APP) }))
        .route("/style.css", get(|| async { ([(CONTENT_TYPE, "text/css; charset=utf-8")], STYLE) }))
        .route("/ws", get(socket))
        .with_state(app);
    axum::serve(listener, router).await
}

/// Opens a game for the connection, or refuses it when `--max-games` are open.
async fn socket(upgrade: WebSocketUpgrade, State(app): State<App>) -> Response {
    match app.games.clone().try_acquire_owned() {
        Ok(permit) => upgrade.on_upgrade(move |socket| session::run(socket, app.config, app.idle, permit)),
        Err(_) => upgrade.on_upgrade(move |socket| session::refuse(socket, app.max_games)),
    }
    .into_response()
}
