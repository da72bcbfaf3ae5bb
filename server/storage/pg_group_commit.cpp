// PgStore's group commit (the queue and thread are GroupCommitter's): each batch is one
// transaction, sent in pipeline mode; a batch in which a write fails with an
// error is committed again one savepoint per write, so that write alone is refused.
#include <chrono>

#include "storage/pg_store.h"

namespace banmen::server {

PgStore::PgStore(PgOptions options, std::unique_ptr<pg::Connection> writer,
                 std::unique_ptr<pg::Connection> reader)
    : options_(std::move(options)),
      writer_(std::move(writer)),
      reader_(std::move(reader)),
      committer_(
          [this](const std::vector<QueuedWrite>& batch, std::vector<Result<void>>& results) {
            return commit_batch(batch, results);
          },
          [this] { return writer_->ensure() && writer_->exec("SELECT 1"); }) {}

PgStore::~PgStore() = default;

void PgStore::submit(StoreWrite w, Committed committed) {
  std::int64_t epoch = 0;
  if (fenced()) {
    // The write carries the lease held now; the fence refuses it if that is no longer the
    // room's epoch when it commits (or if no lease was held: no room has epoch 0).
    epoch = epoch_of(room_of(w));
  }
  committer_.submit(
      QueuedWrite{std::move(w), std::move(committed), std::chrono::steady_clock::now(), epoch});
}

StoreStats PgStore::stats() const {
  return committer_.stats();
}

bool PgStore::commit_batch(const std::vector<QueuedWrite>& batch,
                           std::vector<Result<void>>& results) {
  // A lost connection (PostgreSQL restarted, a network cut, no answer in time) is made
  // again before a batch, with a back-off between failed attempts; while it stays lost,
  // every batch is refused at once and rooms answer storage_error.
  if (auto r = writer_->ensure(); !r) {
    results.assign(batch.size(), r.error());
    return false;
  }
  auto pipelined = commit_pipelined(batch, results);
  if (!pipelined) {
    results.assign(batch.size(), pipelined.error());
    // The session's state is unknown (answers may be pending): the next batch starts on a
    // new one.
    writer_->drop();
    return false;
  }
  if (*pipelined) return true;
  results.clear();
  return commit_with_savepoints(batch, results);
}

namespace {

// Reads the answer to one queued statement; null when the connection failed or timed out.
pg::ResultPtr next_answer(pg::Connection& db) {
  pg::ResultPtr r = db.next_result();
  if (r && PQresultStatus(r.get()) != PGRES_PIPELINE_SYNC) {
    // Each statement's answer ends with a null; a sync has none.
    pg::ResultPtr end = db.next_result();
    (void)end;
  }
  return r;
}

}  // namespace

Result<bool> PgStore::commit_pipelined(const std::vector<QueuedWrite>& batch,
                                       std::vector<Result<void>>& results) {
  PGconn* conn = writer_->handle();
  if (PQenterPipelineMode(conn) != 1) return pg::failure(conn, "PostgreSQL pipeline");
  // Leaves pipeline mode however this ends (every answer has been read by then).
  struct Exit {
    PGconn* c;
    ~Exit() { PQexitPipelineMode(c); }
  } exit_pipeline{conn};
  auto send_control = [&](const char* sql) -> Result<void> {
    if (PQsendQueryParams(conn, sql, 0, nullptr, nullptr, nullptr, nullptr, 0) != 1)
      return pg::failure(conn, "PostgreSQL pipeline");
    return ok();
  };
  auto control_answer = [&](const char* what) -> Result<void> {
    auto r = next_answer(*writer_);
    if (!r) return writer_->lost_error(what);
    if (!pg::succeeded(r.get())) return pg::failure(r.get(), what);
    return ok();
  };
  bool failed = false;  // a statement failed: the rest of the pipeline was skipped
  const std::size_t chunk = static_cast<std::size_t>(std::max(1, options_.pipeline_writes));
  if (auto r = send_control("BEGIN"); !r) return r.error();
  for (std::size_t from = 0; from < batch.size() && !failed; from += chunk) {
    const std::size_t to = std::min(batch.size(), from + chunk);
    const bool last = to == batch.size();
    for (std::size_t i = from; i < to; ++i)
      if (auto r = send(batch[i]); !r) return r.error();
    if (last)
      if (auto r = send_control("COMMIT"); !r) return r.error();
    if (PQpipelineSync(conn) != 1) return pg::failure(conn, "PostgreSQL pipeline sync");
    if (from == 0)
      if (auto r = control_answer("PostgreSQL BEGIN"); !r) failed = true;
    for (std::size_t i = from; i < to; ++i) {
      if (fences(batch[i])) {
        auto fence = next_answer(*writer_);
        if (!fence) return writer_->lost_error("PostgreSQL connection lost");
        if (!pg::succeeded(fence.get())) failed = true;
      }
      auto r = next_answer(*writer_);
      if (!r) return writer_->lost_error("PostgreSQL connection lost");
      if (PQresultStatus(r.get()) == PGRES_PIPELINE_ABORTED || !pg::succeeded(r.get())) {
        failed = true;
        continue;
      }
      results.push_back(verdict(batch[i].write, r.get()));
    }
    Result<void> commit = ok();
    if (last) {
      auto r = next_answer(*writer_);
      if (!r) return writer_->lost_error("PostgreSQL connection lost");
      if (PQresultStatus(r.get()) != PGRES_PIPELINE_ABORTED && !pg::succeeded(r.get()))
        commit = pg::failure(r.get(), "PostgreSQL COMMIT");
    }
    auto sync = next_answer(*writer_);
    if (!sync) return writer_->lost_error("PostgreSQL pipeline sync");
    if (PQresultStatus(sync.get()) != PGRES_PIPELINE_SYNC)
      return pg::failure(conn, "PostgreSQL pipeline sync");
    if (!commit) return commit.error();
  }
  if (!failed) return true;
  // The transaction is aborted: end it, so the savepoint path starts afresh.
  PQexitPipelineMode(conn);
  if (auto r = writer_->exec("ROLLBACK"); !r) return r.error();
  results.clear();
  return false;
}

bool PgStore::commit_with_savepoints(const std::vector<QueuedWrite>& batch,
                                     std::vector<Result<void>>& results) {
  auto fail_all = [&](const Error& e) {
    results.assign(batch.size(), e);
    (void)writer_->exec("ROLLBACK");
    return false;
  };
  if (auto r = writer_->exec("BEGIN"); !r) return fail_all(r.error());
  for (const auto& queued : batch) {
    if (auto r = writer_->exec("SAVEPOINT w"); !r) return fail_all(r.error());
    auto r = fences(queued) ? run_fence(queued) : Result<void>();
    if (r) r = run(queued.write);
    // A refusal changed nothing and an error aborted only the savepoint: either way, undo
    // back to it and go on with the next write.
    if (auto undo = writer_->exec(r ? "RELEASE SAVEPOINT w" : "ROLLBACK TO SAVEPOINT w"); !undo)
      return fail_all(undo.error());
    results.push_back(std::move(r));
  }
  if (auto r = writer_->exec("COMMIT"); !r) {
    for (auto& each : results)
      if (each) each = r;
    return false;
  }
  return true;
}

}  // namespace banmen::server
